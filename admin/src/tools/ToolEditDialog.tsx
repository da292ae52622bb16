import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  Tab,
  Tabs,
  Typography,
} from "@mui/material";
import { useState } from "react";
import {
  ArrayInput,
  BooleanInput,
  EditBase,
  Form,
  NumberInput,
  ReferenceInput,
  required,
  SaveButton,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useNotify,
  useRefresh,
} from "react-admin";
import { useWatch } from "react-hook-form";
import { FaqInput, renumberFaq } from "../FaqInput";
import { PRICING_CHOICES, validateUrl, validateVideoUrl } from "./fields";

const MAX_SCREENSHOTS = 10;
const TABS = ["basic", "media", "pros-cons", "faq", "monetization"] as const;

function Screenshots() {
  const count = (useWatch({ name: "screenshots" }) as unknown[] | undefined)?.length ?? 0;
  return (
    <ArrayInput source="screenshots" label="Screenshots">
      <SimpleFormIterator inline disableAdd={count >= MAX_SCREENSHOTS} disableClear>
        <TextInput source="url" label="Image URL" type="url" validate={[required(), validateUrl]} fullWidth />
        <TextInput source="alt_text" label="Alt text" fullWidth />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

function AffiliateLink() {
  const link = useWatch({ name: "affiliate_link" }) as string | undefined;
  return (
    <TextInput
      source="affiliate_link"
      label="Affiliate link"
      type="url"
      validate={validateUrl}
      fullWidth
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label="Open affiliate link"
                disabled={!link}
                onClick={() => link && window.open(link, "_blank", "noopener")}
              >
                <OpenInNewIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** Pros and cons are lists of text; the form edits them as lists of { text }. */
const toForm = (record: Record<string, unknown>) => {
  const pc = (record.pros_cons ?? { pros: [], cons: [] }) as { pros: string[]; cons: string[] };
  return { ...record, pros: pc.pros.map((text) => ({ text })), cons: pc.cons.map((text) => ({ text })) };
};
const fromForm = ({ pros, cons, ...data }: Record<string, unknown>) =>
  renumberFaq<Record<string, unknown>>({
    ...data,
    category_id: data.category_id === "" || data.category_id == null ? null : Number(data.category_id),
    pros_cons: {
      pros: ((pros as { text?: string }[]) ?? []).map((p) => p?.text?.trim() ?? "").filter(Boolean),
      cons: ((cons as { text?: string }[]) ?? []).map((c) => c?.text?.trim() ?? "").filter(Boolean),
    },
  });

/** The admin's tool editor: a dialog with five tabs, Cancel and Save Changes. */
export default function ToolEditDialog({ id, onClose }: { id: number | string; onClose: () => void }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [tab, setTab] = useState<(typeof TABS)[number]>("basic");
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="tool-dialog-title">
      <EditBase
        resource="tools"
        id={id}
        mutationMode="pessimistic"
        transform={fromForm}
        queryOptions={{ select: toForm as never }}
        mutationOptions={{
          onSuccess: () => {
            notify("Tool updated successfully", { type: "success" });
            refresh();
            onClose();
          },
          onError: (error: unknown) => notify((error as Error)?.message || "Failed to update tool", { type: "error" }),
        }}
      >
        <Form>
          <DialogTitle id="tool-dialog-title">Edit tool</DialogTitle>
          <DialogContent dividers>
            <Tabs
              value={tab}
              onChange={(_e, value: (typeof TABS)[number]) => setTab(value)}
              variant="scrollable"
              sx={{ mb: 2 }}
            >
              {TABS.map((t) => (
                <Tab key={t} value={t} label={t} sx={{ textTransform: "none" }} />
              ))}
            </Tabs>
            <div hidden={tab !== "basic"} role="tabpanel">
              <TextInput source="name" validate={required()} fullWidth />
              <TextInput source="slug" readOnly helperText="auto-generated on save" fullWidth />
              <TextInput source="description" multiline minRows={4} fullWidth />
              <TextInput source="website_url" label="Website URL" type="url" validate={validateUrl} fullWidth />
              <TextInput source="logo_url" label="Logo URL" type="url" validate={validateUrl} fullWidth />
              <ReferenceInput
                source="category_id"
                reference="categories"
                perPage={500}
                sort={{ field: "name", order: "ASC" }}
              >
                <SelectInput optionText="name" label="Category" emptyText="Uncategorized" fullWidth />
              </ReferenceInput>
              <SelectInput
                source="pricing_type"
                label="Pricing type"
                choices={PRICING_CHOICES}
                validate={required()}
                fullWidth
              />
              <BooleanInput source="is_featured" label="Featured Tool" />
            </div>
            <div hidden={tab !== "media"} role="tabpanel">
              <TextInput
                source="video_url"
                label="Video URL (YouTube or Vimeo)"
                type="url"
                validate={validateVideoUrl}
                fullWidth
              />
              <Screenshots />
            </div>
            <div hidden={tab !== "pros-cons"} role="tabpanel">
              <ArrayInput source="pros" label="Pros">
                <SimpleFormIterator inline disableReordering disableClear>
                  <TextInput source="text" label="Pro" fullWidth />
                </SimpleFormIterator>
              </ArrayInput>
              <ArrayInput source="cons" label="Cons">
                <SimpleFormIterator inline disableReordering disableClear>
                  <TextInput source="text" label="Con" fullWidth />
                </SimpleFormIterator>
              </ArrayInput>
            </div>
            <div hidden={tab !== "faq"} role="tabpanel">
              <FaqInput />
            </div>
            <div hidden={tab !== "monetization"} role="tabpanel">
              <AffiliateLink />
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                Affiliate clicks are tracked automatically
              </Typography>
              <NumberInput source="saves_count" label="Total Saves" readOnly />
              <NumberInput source="affiliate_clicks" label="Affiliate Clicks" readOnly />
            </div>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <SaveButton label="Save Changes" alwaysEnable />
          </DialogActions>
        </Form>
      </EditBase>
    </Dialog>
  );
}
