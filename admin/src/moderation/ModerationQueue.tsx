import { Box, Chip, Stack, type Theme, useMediaQuery } from "@mui/material";
import { DataTable, List, useNotify } from "react-admin";
import type { LocalImage } from "../../../lib/media";
import { Actions, StatusChip } from "../tools/ToolList";
import ToolLogo from "../tools/ToolLogo";
import { BulkModeration, RowModeration } from "./ModerationButtons";
import RevisionQueue from "./RevisionQueue";

type QueueRecord = {
  id: number;
  name: string;
  slug: string;
  logo_url: string;
  media?: { logo: LocalImage | null };
  website_url: string;
  category_name: string | null;
  status: "pending" | "published" | "rejected";
  /** When its owner paid for review first, or null. */
  review_priority_at?: string | null;
  created_at: string;
};

/** How long since `since` (an ISO time), as the queue shows it: "45 min", "5 h", "3 d". */
function waitingFor(since: string): string {
  const minutes = Math.max(0, Math.floor((Date.now() - Date.parse(since)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h`;
  return `${Math.floor(minutes / 1440)} d`;
}

/** How long a tool has waited, and since its owner paid for review first. */
const waiting = (r: QueueRecord) =>
  r.review_priority_at
    ? `${waitingFor(r.created_at)} (${waitingFor(r.review_priority_at)} since paid)`
    : waitingFor(r.created_at);

/**
 * The moderation queue: the Tools list filtered to tools pending review, those paid for review
 * first (marked "Paid"), then newest first, with
 * Approve and Reject (with a reason) per row and for every selected row; below it, members' edits
 * of published tools waiting for review, each as a diff (RevisionQueue).
 */
export default function ModerationQueue() {
  const notify = useNotify();
  // On a phone the queue is two columns: the tool (its category and wait under its name) and
  // the actions, stacked, so Approve and Reject are on screen without panning.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));
  return (
    <>
      <List
        resource="tools"
        title="Moderation"
        storeKey="moderation"
        filter={{ status: "pending" }}
        sort={{ field: "review_priority", order: "DESC" }}
        perPage={25}
        actions={false}
        disableSyncWithLocation
        empty={<Box sx={{ p: 3 }}>No tools are waiting for review.</Box>}
        queryOptions={{ onError: () => notify("Failed to fetch tools", { type: "error" }) }}
        sx={{ "& .RaList-main": { minWidth: 0 }, "& .RaList-content": { overflowX: "auto" } }}
      >
        <DataTable<QueueRecord> rowClick={false} bulkActionButtons={<BulkModeration />}>
          <DataTable.Col
            label="Tool"
            source="name"
            render={(r) => (
              <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                <ToolLogo name={r.name} image={r.media?.logo} />
                <Box>
                  <div>
                    {r.name}
                    {r.review_priority_at ? (
                      <Chip
                        label="Paid review"
                        color="success"
                        size="small"
                        sx={{ ml: 1 }}
                        title={`Paid for review first on ${new Date(r.review_priority_at).toLocaleString()}`}
                      />
                    ) : null}
                  </div>
                  <Box component="small" sx={{ color: "text.secondary", display: "block", overflowWrap: "anywhere" }}>
                    {r.website_url}
                  </Box>
                  {phone ? (
                    <Box component="small" sx={{ color: "text.secondary", display: "block" }}>
                      {r.category_name ?? "Uncategorized"} · waiting {waiting(r as QueueRecord)}
                    </Box>
                  ) : null}
                </Box>
              </Stack>
            )}
          />
          {phone ? null : (
            <DataTable.Col label="Category" source="category_name" render={(r) => r.category_name ?? "Uncategorized"} />
          )}
          {phone ? null : (
            <DataTable.Col label="Status" source="status" disableSort render={(r) => <StatusChip record={r} />} />
          )}
          {phone ? null : (
            <DataTable.Col
              label="Submitted"
              source="created_at"
              render={(r) => new Date(r.created_at).toLocaleString()}
            />
          )}
          {phone ? null : <DataTable.Col<QueueRecord> label="Waiting" disableSort render={waiting} />}
          <DataTable.Col
            label="Actions"
            disableSort
            render={() => (
              <Stack direction="row" sx={{ alignItems: "center", flexWrap: "wrap", maxWidth: phone ? 150 : undefined }}>
                <RowModeration />
                <Actions />
              </Stack>
            )}
          />
        </DataTable>
      </List>
      <Box component="h2" sx={{ mt: 4, mb: 1, typography: "h6" }}>
        Changes to published tools
      </Box>
      <RevisionQueue />
    </>
  );
}
