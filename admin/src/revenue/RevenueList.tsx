import { Box, Button, Card, CardContent, Stack, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { DataTable, DateField, List, SelectInput, TextInput, useNotify } from "react-admin";
import { dollars } from "../../../lib/sponsors";
import { authorizedFetch, httpClient } from "../httpClient";

type PaymentRecord = {
  id: number;
  stripe_id: string;
  product: string;
  member: string | null;
  tool_name: string | null;
  amount_cents: number;
  refunded_cents: number;
  currency: string;
  status: string;
  created_at: string;
};

type MonthTotal = {
  month: string;
  currency: string;
  payments: number;
  gross_cents: number;
  refunded_cents: number;
  net_cents: number;
  by_product: Record<string, number>;
};

const PRODUCT_NAMES: Record<string, string> = { pro: "Pro", sponsor: "Sponsor weeks", fast_track: "Fast-track" };
const STATUS_NAMES: Record<string, string> = {
  paid: "Paid",
  partially_refunded: "Partly refunded",
  refunded: "Refunded",
};

const filters = [
  <SelectInput
    key="product"
    source="product"
    choices={Object.entries(PRODUCT_NAMES).map(([id, name]) => ({ id, name }))}
    alwaysOn
  />,
  <SelectInput
    key="status"
    source="status"
    choices={Object.entries(STATUS_NAMES).map(([id, name]) => ({ id, name }))}
    alwaysOn
  />,
  <TextInput key="member" source="member" label="Member email" />,
];

/** Paid, refunded and kept per month, with what each product kept. */
function MonthlyTotals() {
  const notify = useNotify();
  const [months, setMonths] = useState<MonthTotal[] | null>(null);
  useEffect(() => {
    httpClient("/api/admin/revenue/summary")
      .then(({ json }) => setMonths(json.months))
      .catch((error: Error) => notify(error.message || "Failed to load revenue totals", { type: "error" }));
  }, [notify]);
  if (!months?.length) return null;
  return (
    <Stack direction="row" spacing={2} sx={{ my: 2, flexWrap: "wrap" }}>
      {months.map((m) => (
        <Card key={`${m.month}-${m.currency}`} variant="outlined" sx={{ minWidth: 200 }}>
          <CardContent>
            <Typography variant="subtitle2">
              {m.month} {m.currency.toUpperCase()}
            </Typography>
            <Typography variant="h6">{dollars(m.net_cents)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {m.payments} payments, {dollars(m.gross_cents)} paid, {dollars(m.refunded_cents)} refunded
            </Typography>
            {Object.entries(m.by_product).map(([product, cents]) => (
              <Typography key={product} variant="body2">
                {PRODUCT_NAMES[product] ?? product}: {dollars(cents)}
              </Typography>
            ))}
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

async function downloadCsv() {
  const blob = await (await authorizedFetch("/api/admin/revenue.csv")).blob();
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = "revenue.csv";
  link.click();
  URL.revokeObjectURL(link.href);
}

/** Revenue: every payment of every product with its Stripe id and refunds, monthly totals and a CSV. */
export default function RevenueList() {
  return (
    <Box>
      <MonthlyTotals />
      <List
        title="Revenue"
        filters={filters}
        sort={{ field: "created_at", order: "DESC" }}
        perPage={50}
        actions={
          <Button variant="outlined" size="small" onClick={downloadCsv} sx={{ my: 1 }}>
            Export CSV
          </Button>
        }
      >
        <DataTable<PaymentRecord> rowClick={false} bulkActionButtons={false}>
          <DataTable.Col label="Date" source="created_at" field={DateField} />
          <DataTable.Col label="Stripe id" source="stripe_id" disableSort />
          <DataTable.Col label="Product" source="product" render={(r) => PRODUCT_NAMES[r.product] ?? r.product} />
          <DataTable.Col label="Member" source="member" render={(r) => r.member ?? "(deleted)"} />
          <DataTable.Col label="Tool" source="tool_name" disableSort render={(r) => r.tool_name ?? ""} />
          <DataTable.Col label="Amount" source="amount_cents" render={(r) => dollars(r.amount_cents)} />
          <DataTable.Col label="Refunded" source="refunded_cents" render={(r) => dollars(r.refunded_cents)} />
          <DataTable.Col
            label="Status"
            source="status"
            disableSort
            render={(r) => STATUS_NAMES[r.status] ?? r.status}
          />
        </DataTable>
      </List>
    </Box>
  );
}
