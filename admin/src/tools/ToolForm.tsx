import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import { Box, Button, IconButton, InputAdornment, Typography } from "@mui/material";
import type { ReactElement, ReactNode } from "react";
import {
  ArrayInput,
  AutocompleteArrayInput,
  BooleanInput,
  DateTimeInput,
  type FormTabProps,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  required,
  SelectInput,
  SimpleFormIterator,
  TabbedForm,
  TabbedFormTabs,
  TextInput,
  useRecordContext,
} from "react-admin";
import { useWatch } from "react-hook-form";
import { MAX_TOOL_TAGS } from "../../../lib/limits";
import ToolAnalytics from "../../../site/components/react/ToolAnalytics";
import { FaqInput, renumberFaq } from "../FaqInput";
import { authorizedFetch } from "../httpClient";
import { FillFromWebsite } from "./FillFromWebsite";
import { PRICING_CHOICES, validateImageUrl, validateUrl, validateVideoUrl } from "./fields";
import { LogoUpload, ScreenshotUpload } from "./ImageUpload";

const MAX_SCREENSHOTS = 10;

/** Pros and cons are lists of text; the form edits them as lists of { text }, and tags by id. */
export const toForm = (record: Record<string, unknown>) => {
  const pc = (record.pros_cons ?? { pros: [], cons: [] }) as { pros: string[]; cons: string[] };
  const tag_ids = ((record.tags ?? []) as { id: number }[]).map((t) => t.id);
  return { ...record, tag_ids, pros: pc.pros.map((text) => ({ text })), cons: pc.cons.map((text) => ({ text })) };
};

const atMostTags = (value: unknown) =>
  Array.isArray(value) && value.length > MAX_TOOL_TAGS ? `At most ${MAX_TOOL_TAGS} tags` : undefined;

/** The form's values as the API takes them: pros/cons as text lists, FAQ numbered from 1. */
export const fromForm = ({ pros, cons, ...data }: Record<string, unknown>) =>
  renumberFaq<Record<string, unknown>>({
    ...data,
    category_id: data.category_id === "" || data.category_id == null ? null : Number(data.category_id),
    pros_cons: {
      pros: ((pros as { text?: string }[]) ?? []).map((p) => p?.text?.trim() ?? "").filter(Boolean),
      cons: ((cons as { text?: string }[]) ?? []).map((c) => c?.text?.trim() ?? "").filter(Boolean),
    },
  });

/**
 * react-admin's form tab (the spec's basic, media, pros-cons, faq, monetization, in words), with
 * its panel exposed to assistive technology as the tab's tabpanel. Every panel is as tall as the
 * tallest (Basic), so the dialog and its buttons stay put while switching tabs.
 */
function Tab({ children, ...props }: FormTabProps) {
  return (
    <TabbedForm.Tab {...props} sx={{ textTransform: "none" }}>
      <Box role="tabpanel" aria-labelledby={`tabheader-${props.value}`} sx={{ width: "100%", minHeight: 560 }}>
        {children}
      </Box>
    </TabbedForm.Tab>
  );
}

/** The analytics' "Download CSV" in the admin's own look. */
function DownloadCsvButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button variant="outlined" size="small" onClick={onClick}>
      {children}
    </Button>
  );
}

function Screenshots() {
  const count = (useWatch({ name: "screenshots" }) as unknown[] | undefined)?.length ?? 0;
  return (
    <ArrayInput source="screenshots" label="Screenshots">
      <SimpleFormIterator inline disableAdd={count >= MAX_SCREENSHOTS} disableClear>
        <TextInput source="url" label="Image URL" validate={[required(), validateImageUrl]} fullWidth />
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

/** Counters and the last 30 days' figures (the owner's account page chart) exist only once the tool does. */
function Counters() {
  const record = useRecordContext<{ id: number }>();
  if (!record) return null;
  return (
    <>
      <NumberInput source="saves_count" label="Total Saves" readOnly />
      <NumberInput source="affiliate_clicks" label="Affiliate Clicks" readOnly />
      <Box sx={{ width: "100%", mt: 1 }} aria-label="Analytics, last 30 days" role="group">
        <Typography variant="subtitle2" gutterBottom>
          Analytics, last 30 days
        </Typography>
        <ToolAnalytics toolId={record.id} authorizedFetch={authorizedFetch} DownloadButton={DownloadCsvButton} />
      </Box>
    </>
  );
}

/** The tool editor's five tabs (SPEC §2): Basic, Media, Pros & Cons, FAQ, Monetization. */
export function ToolForm({ toolbar }: { toolbar: ReactElement }) {
  return (
    <TabbedForm
      toolbar={toolbar}
      syncWithLocation={false}
      defaultValues={{ pricing_type: "free", is_featured: false }}
      // On a phone the five tabs do not fit: they scroll, with arrows saying there are more.
      tabs={<TabbedFormTabs variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile />}
    >
      <Tab label="Basic">
        <FillFromWebsite />
        <TextInput source="name" validate={required()} fullWidth />
        <TextInput source="slug" readOnly helperText="auto-generated on save" fullWidth />
        <TextInput source="description" multiline minRows={4} fullWidth />
        <TextInput source="website_url" label="Website URL" type="url" validate={validateUrl} fullWidth />
        <TextInput source="logo_url" label="Logo URL" validate={validateImageUrl} fullWidth />
        <LogoUpload />
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
        <ReferenceArrayInput source="tag_ids" reference="tags" perPage={1000} sort={{ field: "name", order: "ASC" }}>
          <AutocompleteArrayInput
            optionText="name"
            label="Tags"
            helperText={`Up to ${MAX_TOOL_TAGS}`}
            validate={atMostTags}
            fullWidth
          />
        </ReferenceArrayInput>
        <BooleanInput source="is_featured" label="Featured Tool" />
        <DateTimeInput
          source="featured_until"
          label="Featured until"
          helperText="The feature ends by itself then; empty: never"
          parse={(value: string) => (value ? new Date(value).toISOString() : null)}
        />
      </Tab>
      <Tab label="Media">
        <TextInput
          source="video_url"
          label="Video URL (YouTube or Vimeo)"
          type="url"
          validate={validateVideoUrl}
          fullWidth
        />
        <Screenshots />
        <ScreenshotUpload max={MAX_SCREENSHOTS} />
      </Tab>
      <Tab label="Pros & Cons">
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
      </Tab>
      <Tab label="FAQ">
        <FaqInput />
      </Tab>
      <Tab label="Monetization">
        <AffiliateLink />
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Affiliate clicks are tracked automatically
        </Typography>
        <Counters />
      </Tab>
    </TabbedForm>
  );
}
