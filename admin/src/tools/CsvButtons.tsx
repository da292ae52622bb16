import { Button, CircularProgress } from "@mui/material";
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
