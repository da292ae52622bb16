import { useEffect, useState } from "react";
import { imageFileProblem } from "../../lib/image-file";
import { IMAGE_UPLOAD_TYPES, MAX_TOOL_TAGS } from "../../lib/limits";
import { MEMBER_PRICING_TYPES } from "../../lib/pricing";
import { api } from "../lib/api";
import { formMessageOf } from "../lib/messages";
import { toast } from "../lib/toast";
import type { CategoryChip, TagChip, Tool } from "../lib/types";

type ToolFormValues = {
  name: string;
  description: string;
  website_url: string;
  logo_url: string;
  category_id: number | null;
  pricing_type: string;
  tag_ids: number[];
};

type Props = {
  initial?: Partial<Tool>;
  submitLabel: string;
  /** `logoFile`: a logo chosen before the tool existed, for the caller to upload once it does. */
  onSubmit: (values: ToolFormValues, logoFile: File | null) => Promise<void>;
};

/** Sends a logo file for an existing tool; resolves the tool as it now is (its logo at /media/...). */
export async function uploadLogo(toolId: number, file: File): Promise<Tool> {
  const form = new FormData();
  form.append("file", file);
  return api<Tool>(`/tools/${toolId}/logo`, { method: "POST", form });
}

/** The submit form's fields (SPEC §2 "Submit page"), shared by /submit and /edit-tool/{id}. */
export default function ToolForm({ initial, submitLabel, onSubmit }: Props) {
  const toolId = initial?.id;
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [categories, setCategories] = useState<CategoryChip[]>([]);
  const [tags, setTags] = useState<TagChip[]>([]);
  const [tagIds, setTagIds] = useState<number[]>(() => (initial?.tags ?? []).map((t) => t.id));
  const [busy, setBusy] = useState(false);
  const [values, setValues] = useState({
    name: initial?.name ?? "",
    description: initial?.description ?? "",
    website_url: initial?.website_url ?? "",
    logo_url: initial?.logo_url ?? "",
    category_id: initial?.category_id == null ? "" : String(initial.category_id),
    pricing_type: initial?.pricing_type ?? "free",
  });

  useEffect(() => {
    api<CategoryChip[]>("/categories/", { auth: false })
      .then((list) => setCategories(list ?? []))
      .catch(() => toast.error("Failed to load categories"));
    api<TagChip[]>("/tags/", { auth: false })
      .then((list) => setTags(list ?? []))
      .catch(() => toast.error("Failed to load tags"));
  }, []);

  const toggleTag = (id: number) =>
    setTagIds((current) => (current.includes(id) ? current.filter((t) => t !== id) : [...current, id]));

  const set =
    (field: keyof typeof values) =>
    (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValues((v) => ({ ...v, [field]: e.target.value }));

  /** An existing tool's logo is sent at once; a new tool's waits for the tool to be created. */
  async function chooseLogo(event: React.ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      input.value = "";
      toast.error(problem);
      return;
    }
    if (toolId === undefined) {
      setLogoFile(file);
      return;
    }
    setUploading(true);
    try {
      const tool = await uploadLogo(toolId, file);
      setValues((v) => ({ ...v, logo_url: tool.logo_url ?? "" }));
      toast.success("Logo uploaded");
    } catch (error) {
      toast.error(formMessageOf(error, "Failed to upload logo"));
    } finally {
      input.value = "";
      setUploading(false);
    }
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await onSubmit(
        {
          name: values.name.trim(),
          description: values.description,
          website_url: values.website_url.trim(),
          logo_url: values.logo_url.trim(),
          // The category is sent as an integer, or null when none is chosen.
          category_id: values.category_id ? Number.parseInt(values.category_id, 10) : null,
          pricing_type: values.pricing_type,
          tag_ids: tagIds,
        },
        logoFile,
      );
    } finally {
      setBusy(false);
    }
  }

  const pricingOptions = (MEMBER_PRICING_TYPES as readonly string[]).includes(values.pricing_type)
    ? MEMBER_PRICING_TYPES
    : [...MEMBER_PRICING_TYPES, values.pricing_type];
  return (
    <form className="card" onSubmit={submit} style={{ maxWidth: 720 }}>
      <div className="field">
        <label htmlFor="tool-name">Tool Name</label>
        <input id="tool-name" className="input" required maxLength={200} value={values.name} onChange={set("name")} />
      </div>
      <div className="field">
        <label htmlFor="tool-description">Description</label>
        <textarea
          id="tool-description"
          className="textarea"
          maxLength={20000}
          value={values.description}
          onChange={set("description")}
          aria-describedby="description-hint"
        />
        <span id="description-hint" className="hint">
          Markdown is supported.
        </span>
      </div>
      <div className="field">
        <label htmlFor="tool-website">Website URL</label>
        <input
          id="tool-website"
          className="input"
          type="url"
          placeholder="https://"
          value={values.website_url}
          onChange={set("website_url")}
        />
      </div>
      <div className="field">
        <label htmlFor="tool-logo">Logo URL</label>
        <input
          id="tool-logo"
          className="input"
          // An uploaded logo's address is the site's own (/media/...), not a full URL.
          type={values.logo_url.startsWith("/media/") ? "text" : "url"}
          placeholder="https://"
          value={values.logo_url}
          onChange={set("logo_url")}
        />
      </div>
      <div className="field">
        <label htmlFor="tool-logo-file">Upload a logo</label>
        <input
          id="tool-logo-file"
          className="input"
          type="file"
          accept={IMAGE_UPLOAD_TYPES}
          onChange={chooseLogo}
          disabled={uploading}
          aria-describedby="logo-file-hint"
        />
        <span id="logo-file-hint" className="hint" aria-live="polite">
          {uploading
            ? "Uploading..."
            : logoFile
              ? `${logoFile.name} will be uploaded when the tool is submitted.`
              : "PNG, JPEG, WebP, GIF or SVG, at most 5 MB."}
        </span>
      </div>
      <div className="field">
        <label htmlFor="tool-category">Category</label>
        <select id="tool-category" className="select" value={values.category_id} onChange={set("category_id")}>
          <option value="">Select a category</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="tool-pricing">Pricing Type</label>
        <select id="tool-pricing" className="select" value={values.pricing_type} onChange={set("pricing_type")}>
          {pricingOptions.map((p) => (
            <option key={p} value={p}>
              {p.charAt(0).toUpperCase() + p.slice(1)}
            </option>
          ))}
        </select>
      </div>
      {tags.length > 0 ? (
        <fieldset className="field tag-picker" aria-describedby="tags-hint">
          <legend>Tags</legend>
          <span id="tags-hint" className="hint">
            Choose up to {MAX_TOOL_TAGS} ({tagIds.length} chosen).
          </span>
          <div className="chips">
            {tags.map((t) => {
              const checked = tagIds.includes(t.id);
              return (
                <label key={t.id} className={`chip${checked ? " active" : ""}`}>
                  <input
                    type="checkbox"
                    className="visually-hidden"
                    checked={checked}
                    disabled={!checked && tagIds.length >= MAX_TOOL_TAGS}
                    onChange={() => toggleTag(t.id)}
                  />
                  {t.name}
                </label>
              );
            })}
          </div>
        </fieldset>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={busy || uploading}>
        {busy ? "Loading..." : submitLabel}
      </button>
    </form>
  );
}
