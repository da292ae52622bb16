import { AutocompleteInput, ReferenceInput, required, SimpleForm, TextInput } from "react-admin";
import { DialogToolbar } from "../RecordDialog";

/** Two tools must differ; the server also refuses a pair compared already (409). */
const differentTools = (_: unknown, values: { tool_a_id?: number; tool_b_id?: number }) =>
  values.tool_a_id != null && values.tool_a_id === values.tool_b_id ? "Pick two different tools" : undefined;

/** A tool picker that searches the Tools list by name. */
function ToolPicker({ source, label }: { source: string; label: string }) {
  return (
    <ReferenceInput source={source} reference="tools" sort={{ field: "name", order: "ASC" }} perPage={25}>
      <AutocompleteInput
        label={label}
        optionText="name"
        filterToQuery={(q: string) => ({ q })}
        validate={[required(), differentTools]}
        fullWidth
      />
    </ReferenceInput>
  );
}

/** A comparison page: two tools and what the admin thinks of each (both verdicts optional). */
export function ComparisonForm({ creating }: { creating: boolean }) {
  return (
    <SimpleForm toolbar={<DialogToolbar saveLabel={creating ? "Create" : "Save Changes"} />}>
      <ToolPicker source="tool_a_id" label="First tool" />
      <TextInput source="verdict_a" label="Verdict on the first tool" multiline minRows={2} fullWidth />
      <ToolPicker source="tool_b_id" label="Second tool" />
      <TextInput source="verdict_b" label="Verdict on the second tool" multiline minRows={2} fullWidth />
    </SimpleForm>
  );
}
