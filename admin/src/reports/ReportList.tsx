import { Button, Chip } from "@mui/material";
import {
  DataTable,
  DeleteWithConfirmButton,
  List,
  SelectInput,
  useNotify,
  useRecordContext,
  useRefresh,
  useUpdate,
} from "react-admin";

type ReportRecord = {
  id: number;
  tool_id: number;
  tool_name: string | null;
  tool_slug: string | null;
  reason: string;
  note: string;
  status: "open" | "resolved";
  created_at: string;
  /** Further reports of this reason from other networks, counted once the tool's places were full. */
  repeats: number;
};

const REASONS: Record<string, string> = {
  broken_link: "Broken link",
  wrong_information: "Wrong information",
  spam_or_scam: "Spam or scam",
  other: "Other",
};

const filters = [
  <SelectInput
    key="status"
    source="status"
    label="Status"
    choices={[
      { id: "open", name: "Open" },
      { id: "resolved", name: "Resolved" },
    ]}
    alwaysOn
  />,
  <SelectInput
    key="reason"
    source="reason"
    label="Reason"
    choices={Object.entries(REASONS).map(([id, name]) => ({ id, name }))}
    alwaysOn
  />,
];

/** Resolve (or reopen) the row's report. */
function StatusButton() {
  const record = useRecordContext<ReportRecord>();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record) return null;
  const next = record.status === "open" ? "resolved" : "open";
  return (
    <Button
      size="small"
      disabled={isPending}
      onClick={() =>
        update(
          "reports",
          { id: record.id, data: { status: next }, previousData: record },
          {
            mutationMode: "pessimistic",
            onSuccess: () => {
              notify(next === "resolved" ? "Report resolved" : "Report reopened");
              refresh();
            },
            onError: () => notify("Failed to update the report", { type: "error" }),
          },
        )
      }
    >
      {next === "resolved" ? "Resolve" : "Reopen"}
    </Button>
  );
}

/** Visitors' reports of listings: open ones first to handle, each linked to its tool. */
export default function ReportList() {
  const notify = useNotify();
  return (
    <List
      title="Reports"
      filters={filters}
      filterDefaultValues={{ status: "open" }}
      sort={{ field: "created_at", order: "DESC" }}
      perPage={50}
      queryOptions={{ onError: () => notify("Failed to fetch reports", { type: "error" }) }}
    >
      <DataTable<ReportRecord> rowClick={false} bulkActionButtons={false}>
        <DataTable.Col
          label="Tool"
          source="tool_name"
          render={(r) =>
            r.tool_slug ? (
              <a href={`/tool/${r.tool_slug}`} target="_blank" rel="noreferrer">
                {r.tool_name}
              </a>
            ) : (
              "(deleted)"
            )
          }
        />
        <DataTable.Col label="Reason" source="reason" render={(r) => REASONS[r.reason] ?? r.reason} />
        <DataTable.Col label="Note" source="note" disableSort />
        <DataTable.Col
          label="Also reported"
          source="repeats"
          disableSort
          render={(r) => (r.repeats ? `+${r.repeats}` : "")}
        />
        <DataTable.Col
          label="Status"
          source="status"
          render={(r) => <Chip label={r.status} size="small" color={r.status === "open" ? "warning" : "default"} />}
        />
        <DataTable.Col label="Reported" source="created_at" render={(r) => new Date(r.created_at).toLocaleString()} />
        <DataTable.Col label="Actions" disableSort>
          <StatusButton />
          <DeleteWithConfirmButton confirmTitle="Delete this report" mutationMode="pessimistic" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
