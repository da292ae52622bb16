import { useEffect, useRef } from "react";
import { required, TextInput } from "react-admin";
import { useFormContext, useWatch } from "react-hook-form";
import { categorySlug } from "../../../lib/slug";
import { FaqInput, renumberFaq } from "../FaqInput";
import ResourceDialog from "../ResourceDialog";

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

function Fields({ creating }: { creating: boolean }) {
  return (
    <>
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
    </>
  );
}

/** Create or edit a category in a dialog. */
export default function CategoryDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  return (
    <ResourceDialog
      resource="categories"
      id={id}
      title={{ create: "New category", edit: "Edit category" }}
      messages={{
        created: () => "Category created successfully",
        updated: () => "Category updated successfully",
        failed: "Failed to save category",
      }}
      transform={renumberFaq}
      onClose={onClose}
    >
      <Fields creating={id == null} />
    </ResourceDialog>
  );
}
