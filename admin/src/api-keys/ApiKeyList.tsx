import { Chip } from "@mui/material";
import { DataTable, DeleteWithConfirmButton, List, SelectInput, TextInput, useNotify } from "react-admin";

type ApiKeyRecord = {
  id: number;
  user_id: number;
  user_email: string;
  name: string;
  prefix: string;
  request_count: number;
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
};

const filters = [
  <TextInput key="q" source="q" label="Search member, name or key" alwaysOn />,
  <SelectInput
    key="revoked"
    source="revoked"
    label="State"
    choices={[
      { id: "false", name: "Live" },
      { id: "true", name: "Revoked" },
    ]}
    alwaysOn
  />,
];

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "Never");

/** Every member's API keys with their use (calls, last used); Revoke stops a key at once. */
export default function ApiKeyList() {
  const notify = useNotify();
  return (
    <List
      title="API keys"
      filters={filters}
      sort={{ field: "request_count", order: "DESC" }}
      perPage={50}
      queryOptions={{ onError: () => notify("Failed to fetch API keys", { type: "error" }) }}
    >
      <DataTable<ApiKeyRecord> rowClick={false} bulkActionButtons={false}>
        <DataTable.Col label="Member" source="user_email" />
        <DataTable.Col label="Name" source="name" />
        <DataTable.Col label="Key" source="prefix" disableSort render={(r) => `${r.prefix}…`} />
        <DataTable.Col label="Calls" source="request_count" />
        <DataTable.Col label="Last used" source="last_used_at" render={(r) => when(r.last_used_at)} />
        <DataTable.Col label="Created" source="created_at" render={(r) => when(r.created_at)} />
        <DataTable.Col
          label="State"
          disableSort
          render={(r) => (
            <Chip label={r.revoked_at ? "revoked" : "live"} size="small" color={r.revoked_at ? "default" : "success"} />
          )}
        />
        <DataTable.Col label="Actions" disableSort>
          {/* DELETE revokes: the key stays listed with its history. */}
          <DeleteWithConfirmButton
            label="Revoke"
            confirmTitle="Revoke this API key"
            confirmContent="Programs using it get 401 from now on."
            mutationMode="pessimistic"
            successMessage="API key revoked"
          />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
