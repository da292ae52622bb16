import MergeIcon from "@mui/icons-material/MergeType";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from "@mui/material";
import { useId, useState } from "react";
import { useDataProvider, useGetList, useNotify, useRecordContext, useRefresh } from "react-admin";
import type { AppDataProvider } from "../dataProvider";

type TagRecord = { id: number; name: string; tools_count: number };

/** Moves every tool of this tag onto another tag, then deletes this one. */
export default function MergeButton() {
  const record = useRecordContext<TagRecord>();
  const provider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [into, setInto] = useState("");
  const [busy, setBusy] = useState(false);
  const { data: tags = [] } = useGetList<TagRecord>(
    "tags",
    { pagination: { page: 1, perPage: 1000 }, sort: { field: "name", order: "ASC" } },
    { enabled: open },
  );
  if (!record) return null;
  const merge = async () => {
    setBusy(true);
    try {
      const target = await provider.mergeTag(record.id, Number(into));
      notify(`Merged ${record.name} into ${target.name}`, { type: "success" });
      setOpen(false);
      refresh();
    } catch (error) {
      notify((error as Error)?.message || "Failed to merge tags", { type: "error" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" startIcon={<MergeIcon />} onClick={() => setOpen(true)}>
        Merge
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>Merge {record.name} into another tag</DialogTitle>
        <DialogContent>
          <TextField
            select
            fullWidth
            label="Into tag"
            value={into}
            onChange={(e) => setInto(e.target.value)}
            helperText={`Its ${record.tools_count} tool(s) will carry the chosen tag, and ${record.name} is deleted.`}
            sx={{ mt: 1 }}
          >
            {tags
              .filter((t) => t.id !== record.id)
              .map((t) => (
                <MenuItem key={t.id} value={String(t.id)}>
                  {t.name}
                </MenuItem>
              ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" disabled={!into || busy} onClick={merge}>
            Merge
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
