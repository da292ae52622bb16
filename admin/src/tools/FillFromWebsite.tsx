import { Alert, Box, Button, Link, TextField } from "@mui/material";
import { useState } from "react";
import { useDataProvider, useNotify } from "react-admin";
import { useFormContext } from "react-hook-form";
import { type Autofill, fillFromWebsite } from "../../../lib/autofill";
import { httpClient } from "../httpClient";

/**
 * "Fill from website" in the tool form: reads the tool's page and fills the form's fields for
 * review. It never saves; the admin's Create/Save does.
 */
export function FillFromWebsite() {
  const { setValue, getValues } = useFormContext();
  const provider = useDataProvider();
  const notify = useNotify();
  const [url, setUrl] = useState(() => String(getValues("website_url") ?? ""));
  const [busy, setBusy] = useState(false);
  const [duplicates, setDuplicates] = useState<Autofill["duplicates"]>([]);

  async function fill() {
    setBusy(true);
    try {
      const found = await fillFromWebsite(url, {
        post: async (body) =>
          (await httpClient("/api/tools/autofill", { method: "POST", body: JSON.stringify(body) })).json as Autofill,
        tags: async () =>
          (
            await provider.getList("tags", {
              pagination: { page: 1, perPage: 1000 },
              sort: { field: "name", order: "ASC" },
              filter: {},
            })
          ).data,
      });
      setDuplicates(found.duplicates);
      const dirty = { shouldDirty: true, shouldValidate: true };
      setValue("website_url", found.website_url, dirty);
      if (found.name) setValue("name", found.name, dirty);
      if (found.description) setValue("description", found.description, dirty);
      if (found.logo_url) setValue("logo_url", found.logo_url, dirty);
      if (found.pricing_type) setValue("pricing_type", found.pricing_type, dirty);
      if (found.category_id != null) setValue("category_id", found.category_id, dirty);
      if (found.video_url) setValue("video_url", found.video_url, dirty);
      if (found.screenshots.length) setValue("screenshots", found.screenshots, dirty);
      const tagIds = found.tag_records.map((t) => t.id);
      if (tagIds.length) setValue("tag_ids", tagIds, dirty);
      notify("Filled from the website: check every field before saving", { type: "success" });
    } catch (error) {
      notify((error as Error).message || "Could not read that website", { type: "error" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ width: "100%", mb: 2 }} role="group" aria-label="Fill from website">
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
        <TextField
          label="The tool's website"
          type="url"
          size="small"
          placeholder="https://"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          sx={{ flex: "1 1 16rem" }}
        />
        <Button variant="outlined" onClick={fill} disabled={busy || !url.trim()}>
          {busy ? "Reading..." : "Fill from website"}
        </Button>
      </Box>
      {duplicates.length > 0 ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          Already listed:{" "}
          {duplicates.map((tool, i) => (
            <span key={tool.id}>
              {i > 0 ? ", " : null}
              <Link href={`/admin/tools/${tool.id}`}>{tool.name}</Link>
            </span>
          ))}
        </Alert>
      ) : null}
    </Box>
  );
}
