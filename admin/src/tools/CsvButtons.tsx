import { Button, CircularProgress, Tooltip } from "@mui/material";
import { useRef, useState } from "react";
import { useDataProvider, useNotify, useRefresh } from "react-admin";
import type { AppDataProvider } from "../dataProvider";
import { authorizedFetch } from "../httpClient";

async function download(path: string, filename: string) {
  const blob = await (await authorizedFetch(path)).blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.click();
  URL.revokeObjectURL(url);
}

/** What an import does with the columns of a file (api/csv.ts). */
const TEMPLATE_HELP =
  "One row per tool; a row whose slug already exists updates that tool. A column the file leaves out " +
  "keeps every tool's current value there. An empty cell in a column the file has clears that field " +
  "(pricing_type becomes free, is_featured false; a name cannot be empty). Pros, cons and tags are " +
  "separated by |.";

/** Upload CSV (all-or-nothing import), the CSV template and an export of every tool. */
export default function CsvButtons() {
  const provider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  async function upload(file: File) {
    if (!file.name.toLowerCase().endsWith(".csv")) {
      notify("Failed to upload CSV: only .csv files can be uploaded", { type: "error" });
      return;
    }
    setUploading(true);
    try {
      const { count } = await provider.uploadCsv(file);
      notify(`Uploaded ${count} tools successfully`, { type: "success" });
      refresh();
    } catch (error) {
      notify((error as Error).message || "Failed to upload CSV", {
        type: "error",
        multiLine: true,
        autoHideDuration: 10000,
      });
    } finally {
      setUploading(false);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".csv"
        hidden
        aria-label="CSV file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
        }}
      />
      <Button
        size="small"
        onClick={() => input.current?.click()}
        disabled={uploading}
        startIcon={uploading ? <CircularProgress size={14} /> : undefined}
      >
        {uploading ? "Uploading..." : "Upload CSV"}
      </Button>
      <Tooltip title={TEMPLATE_HELP} describeChild>
        <Button
          size="small"
          onClick={() =>
            download("/api/admin/tools/template.csv", "tools-template.csv").catch(() =>
              notify("Download failed", { type: "error" }),
            )
          }
        >
          Download template
        </Button>
      </Tooltip>
      <Button
        size="small"
        onClick={() =>
          download("/api/admin/tools/export.csv", "tools.csv").catch(() => notify("Export failed", { type: "error" }))
        }
      >
        Export CSV
      </Button>
    </>
  );
}
