import { Alert, Box, Button, Card, CardContent, Link, List, ListItem, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { Title, useNotify } from "react-admin";
import { httpClient } from "../httpClient";

const MAX_URLS = 100;

type ToolRef = { id: number; slug: string; name: string };
/** One line of POST /api/admin/tools/import-urls's answer. */
type Result =
  | { url: string; status: "created"; tool: ToolRef }
  | { url: string; status: "duplicate"; duplicates: ToolRef[] }
  | { url: string; status: "failed"; detail: string };

const toolLink = (tool: ToolRef) => (
  <Link key={tool.id} href={`/admin/tools/${tool.id}`}>
    {tool.name}
  </Link>
);

function Outcome({ result }: { result: Result }) {
  if (result.status === "created") return <Alert severity="success">Created for review: {toolLink(result.tool)}</Alert>;
  if (result.status === "duplicate")
    return <Alert severity="info">Already listed: {result.duplicates.map(toolLink)}</Alert>;
  return <Alert severity="error">{result.detail}</Alert>;
}

/**
 * "Import from URLs": up to 100 tool websites, one a line; the server reads each and creates it
 * as a pending draft for review, and this page lists what became of every URL.
 */
export default function ImportUrlsPage() {
  const notify = useNotify();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<Result[] | null>(null);
  const urls = [
    ...new Set(
      text
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];

  async function run() {
    setBusy(true);
    try {
      const body = JSON.stringify({ urls });
      setResults((await httpClient("/api/admin/tools/import-urls", { method: "POST", body })).json.results);
    } catch (error) {
      notify((error as Error).message || "Failed to import", { type: "error" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Import from URLs" />
      <CardContent>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          One tool website per line, up to {MAX_URLS}. Each is read and created as a draft waiting for review in
          Moderation; sites already listed are skipped.
        </Typography>
        <TextField
          label="Website URLs"
          multiline
          minRows={8}
          fullWidth
          value={text}
          onChange={(e) => setText(e.target.value)}
          helperText={`${urls.length} of ${MAX_URLS}`}
          error={urls.length > MAX_URLS}
        />
        <Box sx={{ mt: 2 }}>
          <Button variant="contained" onClick={run} disabled={busy || urls.length === 0 || urls.length > MAX_URLS}>
            {busy ? `Reading ${urls.length} websites...` : "Import"}
          </Button>
        </Box>
        {results ? (
          <List aria-label="Import results">
            {results.map((result) => (
              <ListItem key={result.url} sx={{ display: "block", px: 0 }}>
                <Typography variant="body2" sx={{ wordBreak: "break-all" }}>
                  {result.url}
                </Typography>
                <Outcome result={result} />
              </ListItem>
            ))}
          </List>
        ) : null}
      </CardContent>
    </Card>
  );
}
