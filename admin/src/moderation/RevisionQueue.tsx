import { Box, Button, Stack } from "@mui/material";
import { useState } from "react";
import { DataTable, List, useDataProvider, useNotify, useRecordContext, useRefresh } from "react-admin";
import type { AppDataProvider } from "../dataProvider";
import { ReasonDialog } from "./ModerationButtons";

type FieldChange = { field: string; old: unknown; new: unknown };
type RevisionRecord = {
  id: number;
  tool_name: string;
  submitter_email: string | null;
  created_at: string;
  diff: FieldChange[];
};

const shown = (value: unknown) => (typeof value === "string" ? value || "(empty)" : JSON.stringify(value));

/** A revision's changes, field by field: the live value struck through, then the proposed one. */
function Diff({ diff }: { diff: FieldChange[] }) {
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {diff.map((c) => (
        <Box key={c.field} sx={{ mb: 0.5 }}>
          <Box component="dt" sx={{ fontWeight: 600 }}>
            {c.field}
          </Box>
          <Box component="dd" sx={{ m: 0, wordBreak: "break-word" }}>
            <Box component="del" sx={{ color: "error.main" }}>
              {shown(c.old)}
            </Box>{" "}
            →{" "}
            <Box component="ins" sx={{ color: "success.main" }}>
              {shown(c.new)}
            </Box>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function RevisionButtons() {
  const record = useRecordContext<RevisionRecord>();
  const provider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const settle = (request: Promise<{ detail: string }>) =>
    request.then(
      (r) => {
        notify(r.detail, { type: "success" });
        refresh();
      },
      (e: Error) => notify(e.message || "Failed to update the changes", { type: "error" }),
    );
  return (
    <Stack direction="row" spacing={1}>
      <Button size="small" onClick={() => settle(provider.approveRevision(record.id))}>
        Approve
      </Button>
      <Button size="small" color="error" onClick={() => setOpen(true)}>
        Reject
      </Button>
      <ReasonDialog
        open={open}
        count={1}
        onClose={() => setOpen(false)}
        onReject={(reason) => settle(provider.rejectRevision(record.id, reason))}
      />
    </Stack>
  );
}

/** Members' edits of published tools waiting for review, each as a diff against the live listing. */
export default function RevisionQueue() {
  return (
    <List
      resource="revisions"
      title=" "
      storeKey="revisions"
      pagination={false}
      actions={false}
      disableSyncWithLocation
      empty={<Box sx={{ p: 3 }}>No changes to published tools are waiting for review.</Box>}
    >
      <DataTable<RevisionRecord> rowClick={false} bulkActionButtons={false}>
        <DataTable.Col label="Tool" source="tool_name" disableSort />
        <DataTable.Col label="Changes" disableSort render={(r) => <Diff diff={r.diff} />} />
        <DataTable.Col label="By" source="submitter_email" disableSort />
        <DataTable.Col
          label="Submitted"
          source="created_at"
          disableSort
          render={(r) => new Date(r.created_at).toLocaleString()}
        />
        <DataTable.Col label="Actions" disableSort render={() => <RevisionButtons />} />
      </DataTable>
    </List>
  );
}
