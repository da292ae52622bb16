import { useState } from "react";
import { type Autofill, fillFromWebsite } from "../../../lib/autofill";
import { MEMBER_PRICING_TYPES } from "../../../lib/pricing";
import { api } from "../../lib/api";
import { formMessageOf } from "../../lib/messages";
import { toast } from "../../lib/toast";
import type { TagChip, Tool } from "../../lib/types";

/** A member picks free, freemium or paid: a free trial ends in a paid plan. */
const memberPricing = (pricing: string | null) =>
  pricing && (MEMBER_PRICING_TYPES as readonly string[]).includes(pricing)
    ? pricing
    : pricing === "free trial"
      ? "paid"
      : undefined;

type Props = {
  /** Called with the form's new starting values; the member reviews and edits them before submitting. */
  onFill: (values: Partial<Tool>) => void;
};

/** "Fill from website": reads the tool's page and fills the submit form below for review. */
export default function FillFromWebsite({ onFill }: Props) {
  const [url, setUrl] = useState("");
  const [busy, setBusy] = useState(false);
  const [duplicates, setDuplicates] = useState<Autofill["duplicates"]>([]);
  // Why the last attempt failed, shown under the field until the address changes.
  const [failure, setFailure] = useState<string | null>(null);

  async function fill(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const found = await fillFromWebsite(url, {
        post: (body) => api<Autofill>("/tools/autofill", { method: "POST", body }),
        tags: () => api<TagChip[]>("/tags/", { auth: false }),
      });
      setDuplicates(found.duplicates);
      onFill({
        name: found.name,
        description: found.description,
        website_url: found.website_url,
        logo_url: found.logo_url,
        category_id: found.category_id,
        pricing_type: memberPricing(found.pricing_type),
        tags: found.tag_records.map(({ id, slug, name }) => ({ id, slug, name })),
      });
      toast.success("Filled from the website: check every field before submitting");
    } catch (error) {
      const message = formMessageOf(error, "Could not read that website");
      setFailure(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      className="card"
      aria-labelledby="fill-from-website"
      style={{ maxWidth: 720, marginBottom: "var(--space-4)" }}
    >
      <h2 id="fill-from-website" style={{ marginTop: 0 }}>
        Fill from website
      </h2>
      <form onSubmit={fill} style={{ display: "flex", gap: "var(--space-2)", flexWrap: "wrap", alignItems: "end" }}>
        <div className="field" style={{ flex: "1 1 20rem", marginBottom: 0 }}>
          <label htmlFor="autofill-url">The tool's website</label>
          <input
            id="autofill-url"
            className="input"
            type="url"
            required
            placeholder="https://"
            value={url}
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? "autofill-failure" : undefined}
            onChange={(e) => {
              setUrl(e.target.value);
              setFailure(null);
            }}
          />
        </div>
        <button type="submit" className="btn btn-outline" disabled={busy || !url.trim()}>
          {busy ? "Reading..." : "Fill from website"}
        </button>
      </form>
      {failure ? (
        <p id="autofill-failure" className="notice notice-warning" style={{ marginBottom: 0 }}>
          {failure.replace(/[.!]$/, "")}. You can fill in the form below yourself.
        </p>
      ) : null}
      {duplicates.length > 0 ? (
        <div role="alert" style={{ marginTop: "var(--space-2)" }}>
          {duplicates.map((tool) => (
            <p key={tool.id} style={{ margin: 0 }}>
              <a href={`/tool/${tool.slug}`}>{tool.name}</a> is already listed: claim it instead.
            </p>
          ))}
        </div>
      ) : null}
    </section>
  );
}
