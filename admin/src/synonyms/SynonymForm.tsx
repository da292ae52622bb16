import { required, SimpleForm, TextInput } from "react-admin";
import { DialogToolbar } from "../RecordDialog";

/** A synonym's two sides; the server keeps their words in lower case. */
export function SynonymForm({ creating }: { creating: boolean }) {
  return (
    <SimpleForm toolbar={<DialogToolbar saveLabel={creating ? "Create" : "Save Changes"} />}>
      <TextInput source="term" label="A search for (one word)" validate={required()} fullWidth />
      <TextInput
        source="expands_to"
        label="also finds (one or more words)"
        helperText="e.g. picture → image, tts → text to speech"
        validate={required()}
        fullWidth
      />
    </SimpleForm>
  );
}
