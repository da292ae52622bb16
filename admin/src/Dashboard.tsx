import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Grid,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useCallback, useEffect, useState } from "react";
import { Title, useDataProvider, useNotify } from "react-admin";
import type { AppDataProvider, Build, Stats } from "./dataProvider";
import ModerationSwitch from "./moderation/ModerationSwitch";

const STAT_LABELS: [keyof Stats, string][] = [
  ["total_tools", "Total Tools"],
  ["total_categories", "Total Categories"],
  ["total_reviews", "Total Reviews"],
  ["featured_tools", "Featured Tools"],
  ["submissions_last_7_days", "New submissions (7 days)"],
];

/** Statistics, the moderation switch, recent site builds and "Rebuild now". */
export default function Dashboard() {
  const provider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const [stats, setStats] = useState<Stats | null>(null);
  const [builds, setBuilds] = useState<Build[]>([]);

  const loadBuilds = useCallback(() => {
    provider
      .builds()
      .then(setBuilds)
      .catch((error: unknown) => console.warn("Could not load builds", error));
  }, [provider]);

  useEffect(() => {
    provider
      .stats()
      .then(setStats)
      .catch((error: unknown) => console.warn("Could not load statistics", error));
    loadBuilds();
  }, [provider, loadBuilds]);

  const running = builds[0]?.outcome === "running";
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(loadBuilds, 5000);
    return () => clearInterval(timer);
  }, [running, loadBuilds]);

  async function rebuild() {
    try {
      await provider.rebuild();
      notify("Rebuild started", { type: "success" });
      setTimeout(loadBuilds, 1000);
    } catch (error) {
      notify((error as Error).message || "Rebuild failed to start", { type: "error" });
    }
  }

  return (
    <Box sx={{ p: 2 }}>
      <Title title="Dashboard" />
      <Grid container spacing={2}>
        {STAT_LABELS.map(([key, label]) => (
          <Grid key={key} size={{ xs: 12, sm: 6, md: 2.4 }}>
            <Card>
              <CardContent>
                <Typography color="text.secondary" variant="body2">
                  {label}
                </Typography>
                <Typography variant="h4" component="p">
                  {stats ? stats[key] : <CircularProgress size={24} />}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      <ModerationSwitch pending={stats?.pending_tools ?? null} />
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", mb: 1 }}>
            <Typography variant="h6" component="h2">
              Site builds
            </Typography>
            <Button variant="contained" onClick={rebuild} disabled={running}>
              Rebuild now
            </Button>
          </Box>
          {builds.length === 0 ? (
            <Alert severity="info">No builds yet.</Alert>
          ) : (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Started</TableCell>
                  <TableCell>Duration</TableCell>
                  <TableCell>Pages</TableCell>
                  <TableCell>Outcome</TableCell>
                  <TableCell>Reason</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {builds.slice(0, 10).map((b) => (
                  <TableRow key={b.id}>
                    <TableCell>{new Date(b.started_at).toLocaleString()}</TableCell>
                    <TableCell>{b.duration_ms == null ? "…" : `${(b.duration_ms / 1000).toFixed(1)} s`}</TableCell>
                    <TableCell>{b.pages ?? "…"}</TableCell>
                    <TableCell title={b.error ?? undefined}>{b.outcome}</TableCell>
                    <TableCell
                      title={b.reason}
                      sx={{ maxWidth: 320, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
                    >
                      {b.reason}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
