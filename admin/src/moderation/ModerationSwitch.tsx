import { Card, CardContent, FormControlLabel, Switch, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { useDataProvider, useNotify } from "react-admin";
import type { AppDataProvider } from "../dataProvider";

/** The dashboard's moderation switch: on, members' new submissions wait in the queue. */
export default function ModerationSwitch({ pending }: { pending: number | null }) {
  const provider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const [enabled, setEnabled] = useState<boolean | null>(null);

  useEffect(() => {
    provider
      .moderation()
      .then(setEnabled)
      .catch((error: unknown) => console.warn("Could not load the moderation setting", error));
  }, [provider]);

  async function toggle(next: boolean) {
    try {
      setEnabled(await provider.setModeration(next));
      notify(next ? "Moderation turned on" : "Moderation turned off", { type: "success" });
    } catch (error) {
      notify((error as Error).message || "Failed to change moderation", { type: "error" });
    }
  }

  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          Moderation
        </Typography>
        <FormControlLabel
          control={
            <Switch checked={enabled ?? false} disabled={enabled === null} onChange={(e) => toggle(e.target.checked)} />
          }
          label="Members' new submissions wait for review"
        />
        <Typography variant="body2" color="text.secondary">
          Pro members' and admins' submissions are published at once.{" "}
          {pending ? <a href="/admin/moderation">{pending} waiting for review</a> : "Nothing is waiting for review."}
        </Typography>
      </CardContent>
    </Card>
  );
}
