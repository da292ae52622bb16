import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from "@mui/material";
import {
  BooleanInput,
  CreateBase,
  EditBase,
  Form,
  required,
  SaveButton,
  SelectInput,
  TextInput,
  useNotify,
  useRefresh,
} from "react-admin";
import { useFormContext, useWatch } from "react-hook-form";
import { slugify } from "../../../lib/slug";
import { validateUrl } from "../tools/fields";

function SlugWithGenerate() {
  const { setValue, getValues } = useFormContext();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
      <TextInput source="slug" validate={required()} fullWidth />
      <Button
        sx={{ mt: 1 }}
        variant="outlined"
        onClick={() => setValue("slug", slugify(String(getValues("title") ?? "")), { shouldDirty: true })}
      >
        Generate
      </Button>
    </Stack>
  );
}

function Keywords() {
  const isTemplate = useWatch({ name: "is_template" }) as boolean | undefined;
  if (!isTemplate) return null;
  return (
    <TextInput
      source="keywords_text"
      label="Keywords (one per line)"
      multiline
      minRows={4}
      helperText="Each keyword replaces the {keyword} placeholder in title, content and SEO fields to create a new published article with a unique slug."
      fullWidth
    />
  );
}

/** Create or edit an article (or a template that generates articles from keywords). */
export default function ArticleDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const creating = id == null;
  const mutationOptions = {
    onSuccess: (data: unknown) => {
      const n = (data as { generated_count?: number } | undefined)?.generated_count ?? 0;
      const verb = creating ? "created" : "updated";
      notify(n > 0 ? `Article ${verb} and ${n} articles generated from template!` : `Article ${verb} successfully`, {
        type: "success",
      });
      refresh();
      onClose();
    },
    onError: (error: unknown) => notify((error as Error)?.message || "Failed to save article", { type: "error" }),
  };
  const body = (
    <Form defaultValues={creating ? { status: "draft", is_template: false } : undefined}>
      <DialogTitle>{creating ? "New article" : "Edit article"}</DialogTitle>
      <DialogContent dividers>
        <TextInput source="title" validate={required()} fullWidth />
        <SlugWithGenerate />
        <SelectInput
          source="status"
          choices={[
            { id: "draft", name: "Draft" },
            { id: "published", name: "Published" },
          ]}
          validate={required()}
        />
        <TextInput source="excerpt" multiline fullWidth />
        <TextInput source="content" label="Content (Markdown)" multiline minRows={8} fullWidth />
        <TextInput source="meta_title" label="Meta title" fullWidth />
        <TextInput source="featured_image" label="Featured image URL" type="url" validate={validateUrl} fullWidth />
        <TextInput source="meta_description" label="Meta description" multiline fullWidth />
        <BooleanInput source="is_template" label="Use as template" />
        <Keywords />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <SaveButton label={creating ? "Create" : "Save Changes"} alwaysEnable />
      </DialogActions>
    </Form>
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      {creating ? (
        <CreateBase resource="content" mutationOptions={mutationOptions} redirect={false}>
          {body}
        </CreateBase>
      ) : (
        <EditBase
          resource="content"
          id={id}
          mutationMode="pessimistic"
          mutationOptions={mutationOptions}
          redirect={false}
        >
          {body}
        </EditBase>
      )}
    </Dialog>
  );
}
