import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from "@mui/material";
import { useId, useState } from "react";
import { useDataProvider, useListContext, useNotify, useRecordContext, useRefresh, useUnselectAll } from "react-admin";
import type { AppDataProvider } from "../dataProvider";

/** A rejection's reason: what the owner reads on their account page (the server allows 1-500 characters). */
const REASON_MAX = 500;

/** Approve and reject through one request for any number of tools; refreshes the list after. */
function useModerate() {
  const provider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll("tools");
  const done = (detail: string) => {
    notify(detail, { type: "success" });
    unselectAll();
    refresh();
  };
  const failed = (error: unknown, fallback: string) => notify((error as Error).message || fallback, { type: "error" });
  return {
    approve: (ids: number[]) =>
      provider.approveTools(ids).then(
        (r) => done(r.detail),
        (e) => failed(e, "Failed to approve"),
      ),
    reject: (ids: number[], reason: string) =>
      provider.rejectTools(ids, reason).then(
        (r) => done(r.detail),
        (e) => failed(e, "Failed to reject"),
      ),
  };
}

/** Asks for the reason of a rejection; "Reject" stays disabled until there is one. */
export function ReasonDialog({
  open,
  count,
  onClose,
  onReject,
}: {
  open: boolean;
  count: number;
  onClose: () => void;
  onReject: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const trimmed = reason.trim();
  const submit = async () => {
    setBusy(true);
    await onReject(trimmed);
    setBusy(false);
    setReason("");
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{count === 1 ? "Reject this tool" : `Reject ${count} tools`}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          label="Reason (shown to the owner)"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
          helperText={`${trimmed.length}/${REASON_MAX}`}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" disabled={!trimmed || busy} onClick={submit}>
          Reject
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Approve and Reject for the row's tool (shown while it is not already in that state). */
export function RowModeration() {
  const record = useRecordContext<{ id: number; status: string }>();
  const { approve, reject } = useModerate();
  const [asking, setAsking] = useState(false);
  if (!record) return null;
  return (
    <>
      {record.status !== "published" ? (
        <Button size="small" color="success" onClick={() => approve([record.id])}>
          Approve
        </Button>
      ) : null}
      {record.status !== "rejected" ? (
        <Button size="small" color="error" onClick={() => setAsking(true)}>
          Reject
        </Button>
      ) : null}
      <ReasonDialog
        open={asking}
        count={1}
        onClose={() => setAsking(false)}
        onReject={(reason) => reject([record.id], reason)}
      />
    </>
  );
}

/** Approve and Reject for every selected tool, each as one request. */
export function BulkModeration() {
  const { selectedIds } = useListContext();
  const { approve, reject } = useModerate();
  const [asking, setAsking] = useState(false);
  const ids = selectedIds.map(Number);
  return (
    <>
      <Button size="small" color="success" onClick={() => approve(ids)}>
        Approve
      </Button>
      <Button size="small" color="error" onClick={() => setAsking(true)}>
        Reject
      </Button>
      <ReasonDialog
        open={asking}
        count={ids.length}
        onClose={() => setAsking(false)}
        onReject={(reason) => reject(ids, reason)}
      />
    </>
  );
}
