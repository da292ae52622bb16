import { Button, Stack } from "@mui/material";
import { BooleanInput, required, SelectInput, SimpleForm, TextInput } from "react-admin";
import { useFormContext, useWatch } from "react-hook-form";
import { slugify } from "../../../lib/slug";
import { DialogToolbar } from "../RecordDialog";
import { validateUrl } from "../tools/fields";

function SlugWithGenerate() {
  const { setValue, getValues } = useFormContext();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start", width: "100%" }}>
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

/** Template keywords: one per line in the form, blank lines dropped (SPEC §5). */
function splitKeywords(text: unknown): string[] {
  return String(text ?? "")
    .split("\n")
    .map((k) => k.trim())
    .filter(Boolean);
}

/** The form's one-per-line keywords travel as `keywords: string[]`, and only for a template. */
export function toArticleBody({ keywords_text, generated_count, ...data }: Record<string, unknown>) {
  const keywords = data.is_template ? splitKeywords(keywords_text) : [];
  return keywords.length ? { ...data, keywords } : data;
}

/** The success text names the articles a template generated (SPEC §8). */
export const savedMessage = (verb: "created" | "updated") => (data: unknown) => {
  const n = (data as { generated_count?: number } | undefined)?.generated_count ?? 0;
  return n > 0 ? `Article ${verb} and ${n} articles generated from template!` : `Article ${verb} successfully`;
};

/** An article's (or a template's) fields, in the spec's order. */
export function ArticleForm({ creating }: { creating: boolean }) {
  return (
    <SimpleForm
      toolbar={<DialogToolbar saveLabel={creating ? "Create" : "Save Changes"} />}
      defaultValues={{ status: "draft", is_template: false }}
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
    </SimpleForm>
  );
}
