import { Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from "@mui/material";
import { useCallback, useEffect, useState } from "react";
import { Title, useNotify } from "react-admin";
import { authorizedFetch, httpClient } from "../httpClient";

type Issue = {
  id: number;
  number: number | null;
  week: string;
  subject: string;
  intro: string;
  status: "draft" | "scheduled" | "sending" | "sent";
  scheduled_at: string | null;
  recipients: number;
  sent_at: string | null;
};

const API = "/api/admin/newsletter";

/**
 * The Newsletter page: this week's issue (composed automatically from the week's new and
 * most-saved tools and newest articles), its intro, a preview, schedule or send now; earlier
 * issues; the recipients count; subscribers in and out as CSV. Opens are not tracked.
 */
export default function NewsletterPage() {
  const notify = useNotify();
  const [data, setData] = useState<{ recipients: number; issues: Issue[] } | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setData((await httpClient(`${API}/issues`)).json);
    } catch (error) {
      notify((error as Error).message || "Failed to load the newsletter", { type: "error" });
    }
  }, [notify]);
  useEffect(() => void load(), [load]);

  async function act(what: () => Promise<unknown>, done: string) {
    try {
      await what();
      notify(done, { type: "success" });
      await load();
    } catch (error) {
      notify((error as Error).message, { type: "error" });
    }
  }

  async function upload(file: File) {
    const form = new FormData();
    form.append("file", file);
    await act(async () => {
      const res = await authorizedFetch(`${API}/subscribers/upload-csv`, { method: "POST", body: form });
      const body = (await res.json()) as { count: number };
      notify(`Imported ${body.count} subscribers`, { type: "success" });
    }, "Import done");
  }

  async function download() {
    const blob = await (await authorizedFetch(`${API}/subscribers.csv`)).blob();
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = "subscribers.csv";
    link.click();
    URL.revokeObjectURL(link.href);
  }

  return (
    <Box sx={{ p: 2 }}>
      <Title title="Newsletter" />
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: "center", flexWrap: "wrap" }}>
        <Typography variant="h6">Recipients: {data?.recipients ?? "…"}</Typography>
        <Button variant="outlined" onClick={download}>
          Export subscribers (CSV)
        </Button>
        <Button variant="outlined" component="label">
          Import subscribers (CSV)
          <input type="file" accept=".csv" hidden onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])} />
        </Button>
        <Typography variant="body2" color="text.secondary">
          Opens are not tracked: no pixels.
        </Typography>
      </Stack>
      {data?.issues.map((issue) => (
        <IssueCard
          key={issue.id}
          issue={issue}
          act={act}
          onPreview={async () => setPreview((await httpClient(`${API}/issues/${issue.id}/preview`)).json.html)}
        />
      ))}
      {preview ? (
        <Card sx={{ mt: 2 }}>
          <CardContent>
            <Stack direction="row" sx={{ justifyContent: "space-between" }}>
              <Typography variant="h6">Preview</Typography>
              <Button onClick={() => setPreview(null)}>Close</Button>
            </Stack>
            <iframe title="Preview" srcDoc={preview} sandbox="" style={{ width: "100%", height: 600, border: 0 }} />
          </CardContent>
        </Card>
      ) : null}
    </Box>
  );
}

function IssueCard({
  issue,
  act,
  onPreview,
}: {
  issue: Issue;
  act: (what: () => Promise<unknown>, done: string) => Promise<void>;
  onPreview: () => void;
}) {
  const [intro, setIntro] = useState(issue.intro);
  const [at, setAt] = useState("");
  const editable = issue.status === "draft" || issue.status === "scheduled";
  const put = (body: object) => httpClient(`${API}/issues/${issue.id}`, { method: "PUT", body: JSON.stringify(body) });
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: "center" }}>
          <Typography variant="h6">{issue.number ? `#${issue.number}: ${issue.subject}` : issue.subject}</Typography>
          <Chip label={issue.status} size="small" />
          {issue.scheduled_at && issue.status === "scheduled" ? (
            <Chip label={`at ${new Date(issue.scheduled_at).toLocaleString()}`} size="small" />
          ) : null}
          {issue.recipients ? <Chip label={`${issue.recipients} recipients`} size="small" /> : null}
        </Stack>
        {editable ? (
          <Stack spacing={1}>
            <TextField
              label="Intro"
              multiline
              minRows={3}
              value={intro}
              onChange={(e) => setIntro(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 5000 } }}
            />
            <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", alignItems: "center" }}>
              <Button onClick={() => act(() => put({ intro }), "Intro saved")}>Save intro</Button>
              <Button onClick={onPreview}>Preview</Button>
              <TextField
                type="datetime-local"
                size="small"
                label="Send at"
                value={at}
                onChange={(e) => setAt(e.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <Button
                disabled={!at}
                onClick={() => act(() => put({ intro, scheduled_at: new Date(at).toISOString() }), "Issue scheduled")}
              >
                Schedule
              </Button>
              {issue.status === "scheduled" ? (
                <Button onClick={() => act(() => put({ scheduled_at: null }), "Back to draft")}>Unschedule</Button>
              ) : null}
              <Button
                variant="contained"
                onClick={() =>
                  window.confirm("Send this issue to every subscriber now?") &&
                  act(async () => {
                    await put({ intro });
                    await httpClient(`${API}/issues/${issue.id}/send`, { method: "POST" });
                  }, "Issue is being sent")
                }
              >
                Send now
              </Button>
            </Stack>
          </Stack>
        ) : (
          <Button onClick={onPreview}>Preview</Button>
        )}
      </CardContent>
    </Card>
  );
}
