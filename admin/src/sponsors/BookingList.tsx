import { Button, Stack } from "@mui/material";
import { useState } from "react";
import { DataTable, FunctionField, List, useNotify, useRecordContext, useRefresh } from "react-admin";
import { dollars } from "../../../lib/sponsors";
import { httpClient } from "../httpClient";

type BookingRecord = {
  id: number;
  placement_name: string;
  user_email: string;
  tool_name: string | null;
  title: string | null;
  url: string | null;
  week_start: string;
  status: string;
  amount_cents: number;
  impressions: number;
  clicks: number;
};

const STATUS: Record<string, string> = {
  pending: "Waiting for approval",
  approved: "Approved",
  refund_due: "Rejected, refund under way",
  refunded: "Refunded",
  rejected: "Rejected",
};

/** Approve, or reject with a reason (the payment is refunded through Stripe). */
function DecisionButtons() {
  const record = useRecordContext<BookingRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (record?.status !== "pending") return null;
  const decide = async (decision: "approve" | "reject") => {
    let body: string | undefined;
    if (decision === "reject") {
      const reason = window.prompt("Why is this booking rejected? (the buyer is refunded)");
      if (!reason?.trim()) return;
      body = JSON.stringify({ reason });
    }
    setBusy(true);
    try {
      await httpClient(`/api/admin/sponsor-bookings/${record.id}/${decision}`, { method: "POST", body });
      notify(decision === "approve" ? "Booking approved" : "Booking rejected and refunded", { type: "success" });
      refresh();
    } catch (error) {
      notify((error as Error).message || "Failed to update booking", { type: "error" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={1}>
      <Button size="small" variant="contained" disabled={busy} onClick={() => decide("approve")}>
        Approve
      </Button>
      <Button size="small" color="error" disabled={busy} onClick={() => decide("reject")}>
        Reject
      </Button>
    </Stack>
  );
}

/** Paid sponsor weeks, those waiting for a decision first, with how they did. */
export default function BookingList() {
  return (
    <List title="Sponsor bookings" pagination={false}>
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="week_start" label="Week of" />
        <DataTable.Col source="placement_name" label="Placement" />
        <DataTable.Col label="Shows">
          <FunctionField render={(r: BookingRecord) => r.tool_name ?? `${r.title} (${r.url})`} />
        </DataTable.Col>
        <DataTable.Col source="user_email" label="Buyer" />
        <DataTable.Col label="Paid">
          <FunctionField render={(r: BookingRecord) => dollars(r.amount_cents)} />
        </DataTable.Col>
        <DataTable.Col label="Status">
          <FunctionField render={(r: BookingRecord) => STATUS[r.status] ?? r.status} />
        </DataTable.Col>
        <DataTable.Col source="impressions" />
        <DataTable.Col source="clicks" />
        <DataTable.Col label="Actions">
          <DecisionButtons />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
