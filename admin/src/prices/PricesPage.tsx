import { Button, Card, CardContent, Stack, TextField, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { Title, useNotify } from "react-admin";
import { PRICED_PRODUCTS, type PricedProduct } from "../../../lib/products";
import { httpClient } from "../httpClient";

const API = "/api/admin/prices";
const LABELS: Record<PricedProduct, string> = { pro: "Pro (one-time)", fast_track: "Fast-track review" };

/**
 * The Prices page: the price of Pro and of a fast-track review, in dollars (kept in cents).
 * A checkout charges the price set when it opens. Sponsor weeks are priced on their placements.
 */
export default function PricesPage() {
  const notify = useNotify();
  const [dollars, setDollars] = useState<Record<PricedProduct, string> | null>(null);

  useEffect(() => {
    httpClient(API)
      .then(({ json }) => setDollars(toDollars(json)))
      .catch((error: Error) => notify(error.message || "Failed to load prices", { type: "error" }));
  }, [notify]);

  async function save() {
    if (!dollars) return;
    const body = Object.fromEntries(PRICED_PRODUCTS.map((p) => [p, Math.round(Number(dollars[p]) * 100)]));
    try {
      const { json } = await httpClient(API, { method: "PUT", body: JSON.stringify(body) });
      setDollars(toDollars(json));
      notify("Prices saved", { type: "success" });
    } catch (error) {
      notify((error as Error).message || "Failed to save prices", { type: "error" });
    }
  }

  return (
    <Card sx={{ mt: 2, maxWidth: 480 }}>
      <Title title="Prices" />
      <CardContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          A checkout charges the price set when it opens. Sponsor weeks are priced on their placements.
        </Typography>
        {dollars && (
          <Stack spacing={2}>
            {PRICED_PRODUCTS.map((p) => (
              <TextField
                key={p}
                label={`${LABELS[p]} (USD)`}
                type="number"
                slotProps={{ htmlInput: { min: 0.5, step: 0.01 } }}
                value={dollars[p]}
                onChange={(e) => setDollars({ ...dollars, [p]: e.target.value })}
              />
            ))}
            <Button variant="contained" onClick={save}>
              Save
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

const toDollars = (cents: Record<PricedProduct, number>) =>
  Object.fromEntries(PRICED_PRODUCTS.map((p) => [p, (cents[p] / 100).toFixed(2)])) as Record<PricedProduct, string>;
