import {
  BooleanInput,
  FormDataConsumer,
  NumberInput,
  ReferenceInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
} from "react-admin";
import { SPONSOR_KIND_NAMES, SPONSOR_KINDS } from "../../../lib/sponsors";
import { DialogToolbar } from "../RecordDialog";

const KINDS = SPONSOR_KINDS.map((id) => ({ id, name: SPONSOR_KIND_NAMES[id] }));

/**
 * A placement sold by the week. The price is kept in cents; the form shows dollars. Where it
 * shows (kind, category) is fixed once created: bookings name it.
 */
export function PlacementForm({ creating }: { creating: boolean }) {
  return (
    <SimpleForm
      toolbar={<DialogToolbar saveLabel={creating ? "Create" : "Save Changes"} />}
      defaultValues={{ capacity: 1, active: true, category_id: null }}
    >
      <SelectInput source="kind" label="Where it shows" choices={KINDS} validate={required()} disabled={!creating} />
      <FormDataConsumer>
        {({ formData }) =>
          formData.kind === "category_top" && (
            <ReferenceInput source="category_id" reference="categories">
              <SelectInput label="Category" optionText="name" validate={required()} disabled={!creating} />
            </ReferenceInput>
          )
        }
      </FormDataConsumer>
      <TextInput source="name" validate={required()} fullWidth />
      <NumberInput
        source="weekly_price_cents"
        label="Price a week (USD)"
        validate={required()}
        format={(cents?: number) => (cents == null ? "" : cents / 100)}
        parse={(dollars: string) => Math.round(Number(dollars) * 100)}
        step={0.01}
        min={0.5}
      />
      <NumberInput source="capacity" label="Sponsors at once" min={1} max={10} validate={required()} />
      <BooleanInput source="active" label="On sale" />
    </SimpleForm>
  );
}
