import { Box, Stack } from "@mui/material";
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
  created_at: string;
};

/**
 * The moderation queue: the Tools list filtered to tools pending review, newest first, with
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
        sort={{ field: "created_at", order: "DESC" }}
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
                  <div>{r.name}</div>
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
