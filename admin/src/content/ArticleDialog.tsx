import { Button, Stack } from "@mui/material";
import { BooleanInput, required, SelectInput, TextInput } from "react-admin";
import { useFormContext, useWatch } from "react-hook-form";
import { slugify } from "../../../lib/slug";
import ResourceDialog from "../ResourceDialog";
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

const generated = (verb: string) => (data: unknown) => {
  const n = (data as { generated_count?: number } | undefined)?.generated_count ?? 0;
  return n > 0 ? `Article ${verb} and ${n} articles generated from template!` : `Article ${verb} successfully`;
};

/** Create or edit an article (or a template that generates articles from keywords). */
export default function ArticleDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  return (
    <ResourceDialog
      resource="content"
      id={id}
      title={{ create: "New article", edit: "Edit article" }}
      messages={{ created: generated("created"), updated: generated("updated"), failed: "Failed to save article" }}
      defaultValues={{ status: "draft", is_template: false }}
      onClose={onClose}
    >
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
    </ResourceDialog>
  );
}
