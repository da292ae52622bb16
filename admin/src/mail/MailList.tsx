import { Chip } from "@mui/material";
import { DataTable, List, SelectInput, TextInput, useRecordContext } from "react-admin";

type MailRecord = {
  id: number;
  to: string;
  subject: string;
  status: string;
  created_at: string;
  sent_at: string | null;
};

const STATUS_COLOR: Record<string, "default" | "success" | "warning" | "error"> = {
  queued: "default",
  sending: "warning",
  sent: "success",
  failed: "error",
  suppressed: "default",
};

const filters = [
  <SelectInput
    key="status"
    source="status"
    label="Status"
    choices={["queued", "sending", "sent", "failed", "suppressed"].map((id) => ({ id, name: id }))}
    alwaysOn
  />,
  <TextInput key="to" source="to" label="To" />,
];

function StatusChip() {
  const record = useRecordContext<MailRecord>();
  return record ? <Chip size="small" label={record.status} color={STATUS_COLOR[record.status] ?? "default"} /> : null;
}

/** Every message the site sent or will send, newest first; a row opens the message. */
export default function MailList() {
  return (
    <List filters={filters} sort={{ field: "id", order: "DESC" }} perPage={25}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="to" label="To" />
        <DataTable.Col source="subject" label="Subject" />
        <DataTable.Col
          source="created_at"
          label="Time"
          render={(r: MailRecord) => new Date(r.created_at).toLocaleString()}
        />
        <DataTable.Col source="status" label="Status" render={() => <StatusChip />} />
      </DataTable>
    </List>
  );
}
