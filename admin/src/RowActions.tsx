import { Stack } from "@mui/material";
import { DeleteWithConfirmButton, EditButton, useNotify, useRecordContext, useRefresh } from "react-admin";

type Props = {
  /** The record's name in the confirmation title ("Delete ChatGPT"). */
  label: (record: Record<string, unknown> | undefined) => string;
  confirm: string;
  deleted: string;
  failed: string;
};

/** A row's Edit and Delete (with confirmation, then the list reloads), as every admin table has. */
export default function RowActions({ label, confirm, deleted, failed }: Props) {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <Stack direction="row" spacing={1}>
      <EditButton />
      <DeleteWithConfirmButton
        confirmTitle={`Delete ${label(record)}`}
        confirmContent={confirm}
        mutationMode="pessimistic"
        redirect={false}
        mutationOptions={{
          onSuccess: () => {
            notify(deleted, { type: "success" });
            refresh();
          },
          onError: () => notify(failed, { type: "error" }),
        }}
      />
    </Stack>
  );
}
