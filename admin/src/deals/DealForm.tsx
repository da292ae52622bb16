import {
  AutocompleteInput,
  DateTimeInput,
  maxLength,
  ReferenceInput,
  required,
  SimpleForm,
  TextInput,
} from "react-admin";
import { DEAL_CODE_MAX, DEAL_DESCRIPTION_MAX } from "../../../lib/deals";
import { DialogToolbar } from "../RecordDialog";

/**
 * A tool's deal: a discount code or a link (exactly one; the API says which rule a save broke),
 * what it gives and when it ends. The tool is fixed once the deal exists.
 */
export function DealForm({ creating }: { creating: boolean }) {
  return (
    <SimpleForm toolbar={<DialogToolbar saveLabel={creating ? "Create" : "Save Changes"} />}>
      <ReferenceInput source="tool_id" reference="tools">
        <AutocompleteInput label="Tool" optionText="name" validate={required()} disabled={!creating} />
      </ReferenceInput>
      <TextInput
        source="code"
        label="Discount code"
        helperText="Or a link below, not both"
        validate={maxLength(DEAL_CODE_MAX)}
        parse={(v: string) => v || null}
        fullWidth
      />
      <TextInput source="url" label="Offer link (http or https)" parse={(v: string) => v || null} fullWidth />
      <TextInput source="description" validate={[required(), maxLength(DEAL_DESCRIPTION_MAX)]} multiline fullWidth />
      <DateTimeInput source="ends_at" label="Ends" validate={required()} />
    </SimpleForm>
  );
}
