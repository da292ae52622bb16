import { useState } from "react";
import { type Autofill, fillFromWebsite } from "../../../lib/autofill";
import { MEMBER_PRICING_TYPES } from "../../../lib/pricing";
import { api, messageOf } from "../../lib/api";
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

  async function fill(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
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
      toast.error(messageOf(error, "Could not read that website"));
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
            onChange={(e) => setUrl(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-outline" disabled={busy || !url.trim()}>
          {busy ? "Reading..." : "Fill from website"}
        </button>
      </form>
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
