import { Button, Stack } from "@mui/material";
import {
  BooleanField,
  DataTable,
  DateField,
  List,
  TextInput,
  useNotify,
  useRecordContext,
  useRefresh,
} from "react-admin";
import { httpClient } from "../httpClient";

type UserRecord = { id: number; email: string; role: string; email_verified: boolean };

const filters = [<TextInput key="email" source="email" label="Email" alwaysOn />];

/** "Resend verification" and "Mark verified" for an account whose address is not confirmed. */
function VerificationActions() {
  const record = useRecordContext<UserRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record || record.email_verified) return null;
  const act = (path: string, done: string) => async () => {
    try {
      await httpClient(`/api/admin/users/${record.id}/${path}`, { method: "POST" });
      notify(done, { type: "success" });
      refresh();
    } catch (error) {
      notify((error as Error).message || "Failed", { type: "error" });
    }
  };
  return (
    <Stack direction="row" spacing={1}>
      <Button size="small" onClick={act("resend-verification", "Verification link sent")}>
        Resend verification
      </Button>
      <Button size="small" onClick={act("mark-verified", "Address marked verified")}>
        Mark verified
      </Button>
    </Stack>
  );
}

export default function UserList() {
  return (
    <List filters={filters} sort={{ field: "id", order: "DESC" }} perPage={25}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="email" label="Email" />
        <DataTable.Col source="role" label="Role" />
        <DataTable.Col source="email_verified" label="Verified" field={BooleanField} />
        <DataTable.Col source="created_at" label="Joined" field={DateField} />
        <DataTable.Col label="Actions" render={() => <VerificationActions />} />
      </DataTable>
    </List>
  );
}
