import { Box, Chip, Stack } from "@mui/material";
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

/**
 * The moderation queue: the Tools list filtered to tools pending review, those paid for review
 * first (marked "Paid"), then newest first, with
 * Approve and Reject (with a reason) per row and for every selected row; below it, members' edits
 * of published tools waiting for review, each as a diff (RevisionQueue).
 */
export default function ModerationQueue() {
  const notify = useNotify();
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
                        label="Paid"
                        color="success"
                        size="small"
                        sx={{ ml: 1 }}
                        title={`Paid for review first on ${new Date(r.review_priority_at).toLocaleString()}`}
                      />
                    ) : null}
                  </div>
                  <Box component="small" sx={{ color: "text.secondary" }}>
                    {r.website_url}
                  </Box>
                </Box>
              </Stack>
            )}
          />
          <DataTable.Col label="Category" source="category_name" render={(r) => r.category_name ?? "Uncategorized"} />
          <DataTable.Col label="Status" source="status" disableSort render={(r) => <StatusChip record={r} />} />
          <DataTable.Col
            label="Submitted"
            source="created_at"
            render={(r) => new Date(r.created_at).toLocaleString()}
          />
          <DataTable.Col
            label="Waiting"
            disableSort
            render={(r) =>
              r.review_priority_at
                ? `${waitingFor(r.created_at)} (${waitingFor(r.review_priority_at)} since paid)`
                : waitingFor(r.created_at)
            }
          />
          <DataTable.Col
            label="Actions"
            disableSort
            render={() => (
              <Stack direction="row" sx={{ alignItems: "center" }}>
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
