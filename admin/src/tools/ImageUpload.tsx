import UploadIcon from "@mui/icons-material/Upload";
import { Button } from "@mui/material";
import { type ChangeEvent, useState } from "react";
import { useNotify, useRecordContext } from "react-admin";
import { useFormContext, useWatch } from "react-hook-form";
import { imageFileProblem } from "../../../lib/image-file";
import { IMAGE_UPLOAD_TYPES } from "../../../lib/limits";
import { authorizedFetch } from "../httpClient";

type Screenshot = { url: string; alt_text: string };
type UploadedTool = { logo_url: string; screenshots: Screenshot[] };

/**
 * A file button that posts the chosen image to `path(id)` and hands the tool it answers with to
 * `done`. Only an existing tool (edit mode) has an id to post to.
 */
function UploadButton({
  label,
  path,
  done,
  disabled,
}: {
  label: string;
  path: (id: number) => string;
  done: (tool: UploadedTool) => void;
  disabled?: boolean;
}) {
  const record = useRecordContext<{ id: number }>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  async function send(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = "";
    if (!file || !record) return;
    const problem = imageFileProblem(file);
    if (problem) {
      notify(problem, { type: "error" });
      return;
    }
    const body = new FormData();
    body.append("file", file);
    setBusy(true);
    try {
      const response = await authorizedFetch(path(record.id), { method: "POST", body });
      done((await response.json()) as UploadedTool);
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : "Upload failed", { type: "error" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button component="label" variant="outlined" startIcon={<UploadIcon />} disabled={busy || disabled} sx={{ mb: 2 }}>
      {busy ? "Uploading..." : label}
      <input type="file" hidden accept={IMAGE_UPLOAD_TYPES} onChange={send} />
    </Button>
  );
}

/** Uploads a logo file; the form's Logo URL takes the stored copy's /media/ address. */
export function LogoUpload() {
  const { setValue } = useFormContext();
  const notify = useNotify();
  return (
    <UploadButton
      label="Upload logo"
      path={(id) => `/api/tools/${id}/logo`}
      done={(tool) => {
        setValue("logo_url", tool.logo_url, { shouldDirty: true });
        notify("Logo uploaded", { type: "success" });
      }}
    />
  );
}

/** Uploads a screenshot file; it is added after the form's other screenshots. */
export function ScreenshotUpload({ max }: { max: number }) {
  const { getValues, setValue } = useFormContext();
  const notify = useNotify();
  const count = (useWatch({ name: "screenshots" }) as unknown[] | undefined)?.length ?? 0;
  return (
    <UploadButton
      label="Upload screenshot"
      path={(id) => `/api/admin/tools/${id}/screenshots`}
      disabled={count >= max}
      done={(tool) => {
        const added = tool.screenshots.at(-1);
        if (!added) return;
        const current = (getValues("screenshots") as Screenshot[] | undefined) ?? [];
        setValue("screenshots", [...current, added], { shouldDirty: true });
        notify("Screenshot uploaded", { type: "success" });
      }}
    />
  );
}
