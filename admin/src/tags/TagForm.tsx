import { required, SimpleForm, TextInput } from "react-admin";
import { DialogToolbar } from "../RecordDialog";

/** A tag's name (its slug follows it: a new name renames the tag's page) and description. */
export function TagForm({ creating }: { creating: boolean }) {
  return (
    <SimpleForm toolbar={<DialogToolbar saveLabel={creating ? "Create" : "Save Changes"} />}>
      <TextInput source="name" validate={required()} fullWidth />
      {creating ? null : <TextInput source="slug" readOnly helperText="follows the name on save" fullWidth />}
      <TextInput
        source="description"
        multiline
        minRows={2}
        helperText="Shown under the heading of the tag's page"
        fullWidth
      />
    </SimpleForm>
  );
}
