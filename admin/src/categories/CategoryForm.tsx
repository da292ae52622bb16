import { useEffect, useRef } from "react";
import { required, SimpleForm, TextInput } from "react-admin";
import { useFormContext, useWatch } from "react-hook-form";
import { categorySlug } from "../../../lib/slug";
import { FaqInput } from "../FaqInput";
import { DialogToolbar } from "../RecordDialog";

/** In create mode the slug follows the name until the admin edits the slug by hand. */
function SlugFromName({ creating }: { creating: boolean }) {
  const name = useWatch({ name: "name" }) as string | undefined;
  const { setValue } = useFormContext();
  const edited = useRef(false);
  useEffect(() => {
    if (creating && !edited.current) setValue("slug", categorySlug(name ?? "").replace(/^-+|-+$/g, ""));
  }, [creating, name, setValue]);
  return (
    <TextInput
      source="slug"
      validate={required()}
      helperText={creating ? "Derived from the name; you may edit it" : undefined}
      onChange={() => {
        edited.current = true;
      }}
      fullWidth
    />
  );
}

/** A category's fields (SPEC §2): name, slug, short description, Markdown content, FAQ. */
export function CategoryForm({ creating }: { creating: boolean }) {
  return (
    <SimpleForm toolbar={<DialogToolbar saveLabel={creating ? "Create" : "Save Changes"} />}>
      <TextInput source="name" validate={required()} fullWidth />
      <SlugFromName creating={creating} />
      <TextInput source="description" label="Short description" multiline fullWidth />
      <TextInput
        source="long_form_content"
        label="Long-form content (Markdown)"
        helperText="Shown at the top of the category page"
        multiline
        minRows={6}
        fullWidth
      />
      <FaqInput />
    </SimpleForm>
  );
}
