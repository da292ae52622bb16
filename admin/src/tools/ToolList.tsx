import { Box, Button, Chip, Stack } from "@mui/material";
import {
  ColumnsButton,
  CreateButton,
  DataTable,
  FilterButton,
  List,
  NullableBooleanInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TopToolbar,
  useNotify,
} from "react-admin";
import { Link } from "react-router-dom";
import type { LocalImage } from "../../../lib/media";
import { BulkModeration, RowModeration } from "../moderation/ModerationButtons";
import RowActions from "../RowActions";
import CsvButtons from "./CsvButtons";
import { PRICING_CHOICES } from "./fields";
import ToolLogo from "./ToolLogo";

type ToolRecord = {
  id: number;
  name: string;
  slug: string;
  logo_url: string;
  media?: { logo: LocalImage | null };
  category_name: string | null;
  pricing_type: string;
  is_featured: boolean;
  is_verified: boolean;
  site_flag: "unreachable" | "parked" | "moved" | null;
  saves_count: number;
  affiliate_clicks: number;
  open_reports: number;
  status: "pending" | "published" | "rejected";
  rejection_reason?: string;
};

const STATUS_CHOICES = [
  { id: "pending", name: "Pending review" },
  { id: "published", name: "Published" },
  { id: "rejected", name: "Rejected" },
];

/** A tool's moderation state; a rejection shows its reason on hover. */
export function StatusChip({ record }: { record: { status?: string; rejection_reason?: string } }) {
  if (record.status === "pending") return <Chip label="Pending review" size="small" color="info" />;
  if (record.status === "rejected")
    return <Chip label="Rejected" size="small" color="error" variant="outlined" title={record.rejection_reason} />;
  return <Chip label="Published" size="small" color="success" variant="outlined" />;
}

/** What the link checker says of a tool's website (jobs/link-checker.ts). */
const SITE_FLAG_CHOICES = [
  { id: "unreachable", name: "Unreachable (3 failed checks)" },
  { id: "parked", name: "Parked domain" },
  { id: "moved", name: "Moved to another domain" },
];
const SITE_FLAG_LABELS: Record<string, string> = { unreachable: "Unreachable", parked: "Parked", moved: "Moved" };

// The search, category and status filters are always shown; the rest are one click away ("Add
// filter"), so the toolbar with Create and the CSV buttons fits beside them at 1366 px.
const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput
    key="category"
    source="category_id"
    reference="categories"
    perPage={500}
    sort={{ field: "name", order: "ASC" }}
    alwaysOn
  >
    <SelectInput optionText="name" label="Category" />
  </ReferenceInput>,
  <SelectInput key="pricing" source="pricing_type" label="Pricing" choices={PRICING_CHOICES} />,
  <NullableBooleanInput key="featured" source="is_featured" label="Featured" />,
  <SelectInput key="site" source="site_flag" label="Website" choices={SITE_FLAG_CHOICES} />,
  <SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} alwaysOn />,
];

function ToolActions() {
  return (
    <TopToolbar sx={{ flexWrap: "wrap", justifyContent: "flex-end", minWidth: 0, maxWidth: { md: 560 } }}>
      <FilterButton />
      <ColumnsButton />
      <CreateButton />
      <Button component={Link} to="/import-urls" size="small">
        Import from URLs
      </Button>
      <CsvButtons />
    </TopToolbar>
  );
}

export function Actions() {
  return (
    <RowActions
      label={(record) => String(record?.name ?? "")}
      confirm="Are you sure you want to delete this tool?"
      deleted="Tool deleted"
      failed="Failed to delete tool"
    />
  );
}

/** Manage Tools: the catalogue table (searched, filtered, sorted and paged by the server) and CSV import/export. */
export default function ToolList() {
  const notify = useNotify();
  return (
    <List
      title="Manage Tools"
      filters={filters}
      sort={{ field: "id", order: "DESC" }}
      perPage={25}
      actions={<ToolActions />}
      // On a phone the table scrolls sideways in its card, so the Actions column stays reachable.
      sx={{ "& .RaList-main": { minWidth: 0 }, "& .RaList-content": { overflowX: "auto" } }}
      queryOptions={{ onError: () => notify("Failed to fetch tools", { type: "error" }) }}
    >
      {/* SPEC's columns by default (a pending tool shows Approve in its actions); the status, the
          link checker's and the reports' columns on demand (Columns). */}
      <DataTable<ToolRecord>
        rowClick={false}
        bulkActionButtons={<BulkModeration />}
        hiddenColumns={["status", "site_flag", "open_reports"]}
      >
        <DataTable.Col
          label="Tool"
          source="name"
          render={(r) => (
            <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
              <ToolLogo name={r.name} image={r.media?.logo} />
              <Box>
                <div>{r.name}</div>
                <Box component="small" sx={{ color: "text.secondary" }}>
                  /{r.slug}
                </Box>
              </Box>
            </Stack>
          )}
        />
        <DataTable.Col label="Category" source="category_name" render={(r) => r.category_name ?? "Uncategorized"} />
        <DataTable.Col label="Status" source="status" render={(r) => <StatusChip record={r} />} />
        <DataTable.Col label="Pricing" source="pricing_type" />
        <DataTable.Col
          label="Featured"
          source="is_featured"
          render={(r) => (r.is_featured ? <Chip label="Featured" size="small" color="warning" /> : null)}
        />
        <DataTable.Col
          label="Website"
          source="site_flag"
          render={(r) => (
            <Stack direction="row" spacing={0.5}>
              {r.site_flag ? <Chip label={SITE_FLAG_LABELS[r.site_flag]} size="small" color="error" /> : null}
              {r.is_verified ? <Chip label="Verified" size="small" color="success" variant="outlined" /> : null}
            </Stack>
          )}
        />
        <DataTable.Col
          label="Reports"
          source="open_reports"
          render={(r) =>
            r.open_reports > 0 ? (
              <Chip
                label={`${r.open_reports} open`}
                size="small"
                color="warning"
                component="a"
                href={`/admin/reports?filter=${encodeURIComponent(JSON.stringify({ status: "open", tool_id: r.id }))}`}
                clickable
              />
            ) : null
          }
        />
        <DataTable.NumberCol label="Saves" source="saves_count" />
        <DataTable.NumberCol label="Clicks" source="affiliate_clicks" />
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
  );
}
