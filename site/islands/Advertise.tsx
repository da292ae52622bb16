import { Fragment, type InputHTMLAttributes, useCallback, useEffect, useState } from "react";
import { dollars, SPONSOR_WEEKS_PER_BOOKING } from "../../lib/sponsors";
import { api } from "../lib/api";
import { formMessageOf } from "../lib/messages";
import { toast } from "../lib/toast";
import { $authDialog } from "../stores/session";
import { useSession } from "../stores/useSession";

type Week = { week: string; taken: number; waiting: number; free: number };
type Placement = {
  id: number;
  kind: string;
  kind_name: string;
  name: string;
  weekly_price_cents: number;
  capacity: number;
  weeks: Week[];
};
type Booking = {
  id: number;
  placement_name: string;
  tool_name: string | null;
  title: string | null;
  week_start: string;
  status: string;
  impressions: number;
  clicks: number;
};
type Tool = { id: number; name: string; status?: string };

const STATUS_TEXT: Record<string, string> = {
  pending: "Waiting for approval",
  approved: "Approved",
  rejected: "Rejected",
  refund_due: "Refund under way",
  refunded: "Refunded",
};

const weekLabel = (week: string) =>
  new Date(`${week}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** Polls a sponsor checkout the member came back from until its payment is recorded. */
async function confirmPayment(sessionId: string): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const status = await api<{ payment_status: string }>(`/sponsors/checkout/${encodeURIComponent(sessionId)}`);
    if (status.payment_status === "paid") return true;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  return false;
}

/**
 * /advertise: each placement's calendar (weeks free, taken, waiting), booking free weeks for one
 * of the member's tools or a banner, paid through Stripe Checkout, and the member's own weeks with
 * their impressions and clicks.
 */
export default function Advertise() {
  const { user } = useSession();
  const [placements, setPlacements] = useState<Placement[] | null>(null);
  const [chosen, setChosen] = useState<{ placement: number; weeks: string[] } | null>(null);
  const [what, setWhat] = useState<"banner" | "tool">("banner");
  const [tools, setTools] = useState<Tool[]>([]);
  const [toolId, setToolId] = useState<number | null>(null);
  const [banner, setBanner] = useState({ title: "", text: "", url: "" });
  const [image, setImage] = useState<File | null>(null);
  const [mine, setMine] = useState<Booking[]>([]);
  const [busy, setBusy] = useState(false);

  const loadCalendar = useCallback(
    () =>
      api<Placement[]>("/sponsors/calendar")
        .then(setPlacements)
        .catch(() => setPlacements([])),
    [],
  );

  useEffect(() => {
    void loadCalendar();
  }, [loadCalendar]);

  useEffect(() => {
    if (!user) return;
    void api<Booking[]>("/sponsors/bookings").then(setMine, () => {});
    void api<Tool[]>("/tools/?submitted_by=me").then(
      (list) => setTools(list.filter((t) => !t.status || t.status === "published")),
      () => {},
    );
    const sessionId = new URLSearchParams(window.location.search).get("session_id");
    if (!sessionId) return;
    history.replaceState(null, "", "/advertise");
    void confirmPayment(sessionId)
      .then(async (paid) => {
        if (paid) toast.success("Payment received: your sponsor weeks wait for approval");
        else toast.error("Payment verification timed out. Please check your account or contact support.");
        setMine(await api<Booking[]>("/sponsors/bookings"));
        await loadCalendar();
      })
      .catch((error) => toast.error(formMessageOf(error, "Error verifying payment. Please contact support.")));
  }, [user, loadCalendar]);

  function toggle(placement: number, week: string) {
    setChosen((current) => {
      const weeks = current?.placement === placement ? current.weeks : [];
      const next = weeks.includes(week) ? weeks.filter((w) => w !== week) : [...weeks, week].sort();
      if (next.length > SPONSOR_WEEKS_PER_BOOKING) {
        toast.info(`At most ${SPONSOR_WEEKS_PER_BOOKING} weeks in one booking`);
        return current;
      }
      return { placement, weeks: next };
    });
  }

  async function book(event: React.FormEvent) {
    event.preventDefault();
    if (!user) {
      $authDialog.set("signin");
      return;
    }
    if (!chosen?.weeks.length) return;
    setBusy(true);
    try {
      let creative: Record<string, unknown>;
      if (what === "tool") creative = { tool_id: toolId };
      else {
        let image_url: string | undefined;
        if (image) {
          const form = new FormData();
          form.set("file", image);
          image_url = (await api<{ image_url: string }>("/sponsors/images", { method: "POST", form })).image_url;
        }
        creative = { banner: { ...banner, image_url } };
      }
      const { url } = await api<{ url: string }>("/sponsors/bookings", {
        method: "POST",
        body: { placement_id: chosen.placement, weeks: chosen.weeks, origin_url: window.location.origin, ...creative },
      });
      window.location.href = url;
    } catch (error) {
      toast.error(formMessageOf(error, "Failed to initiate payment"));
      setBusy(false);
      await loadCalendar();
    }
  }

  if (placements === null) return <p className="hint">Loading placements...</p>;
  if (placements.length === 0) return <p className="hint">No placements are on sale at the moment.</p>;
  const selected = placements.find((p) => p.id === chosen?.placement);

  const bannerField = (key: keyof typeof banner, label: string, props: InputHTMLAttributes<HTMLInputElement>) => (
    <div className="field">
      <label htmlFor={`sponsor-${key}`}>{label}</label>
      <input
        id={`sponsor-${key}`}
        className="input"
        required
        value={banner[key]}
        onChange={(e) => setBanner({ ...banner, [key]: e.target.value })}
        {...props}
      />
    </div>
  );
  // The booking form follows the calendar its weeks were picked from.
  const bookingForm = selected && chosen && chosen.weeks.length > 0 && (
    <form className="card section" onSubmit={book} aria-labelledby="book-heading">
      <h2 id="book-heading" style={{ marginTop: 0 }}>
        Book {chosen.weeks.length} week{chosen.weeks.length > 1 ? "s" : ""} of {selected.name}
      </h2>
      <fieldset className="field sponsor-what">
        <legend>What to show</legend>
        <label>
          <input type="radio" name="what" checked={what === "banner"} onChange={() => setWhat("banner")} /> A banner
        </label>{" "}
        <label>
          <input
            type="radio"
            name="what"
            checked={what === "tool"}
            disabled={tools.length === 0}
            onChange={() => setWhat("tool")}
          />{" "}
          One of my tools
        </label>
      </fieldset>
      {what === "tool" ? (
        <div className="field">
          <label htmlFor="sponsor-tool">Tool</label>
          <select
            id="sponsor-tool"
            className="select"
            required
            value={toolId ?? ""}
            onChange={(e) => setToolId(Number(e.target.value) || null)}
          >
            <option value="">Choose a tool</option>
            {tools.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <>
          {bannerField("title", "Title", { maxLength: 80 })}
          {bannerField("text", "Text", { maxLength: 200 })}
          {bannerField("url", "Link (URL)", { type: "url", placeholder: "https://" })}
          <div className="field">
            <label htmlFor="sponsor-image">Image (optional)</label>
            <input
              id="sponsor-image"
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif,image/svg+xml"
              aria-describedby="sponsor-image-hint"
              onChange={(e) => setImage(e.target.files?.[0] ?? null)}
            />
            <span id="sponsor-image-hint" className="hint">
              PNG, JPEG, WebP, GIF or SVG.
            </span>
          </div>
        </>
      )}
      <p>
        Total: <strong>{dollars(selected.weekly_price_cents * chosen.weeks.length)}</strong>. Every booking is reviewed
        before it runs; a rejected one is refunded.
      </p>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? "Loading..." : user ? "Book and pay" : "Sign in to book"}
      </button>
    </form>
  );

  return (
    <>
      {placements.map((p) => (
        <Fragment key={p.id}>
          <section className="card section" aria-labelledby={`placement-${p.id}`}>
            <h2 id={`placement-${p.id}`} style={{ marginTop: 0 }}>
              {p.name}
            </h2>
            <p className="hint">
              {p.kind_name}: {dollars(p.weekly_price_cents)} a week, {p.capacity} sponsor{p.capacity > 1 ? "s" : ""} at
              a time
            </p>
            <ul className="sponsor-weeks" aria-label={`${p.name} weeks`}>
              {p.weeks.map((w) => {
                const picked = chosen?.placement === p.id && chosen.weeks.includes(w.week);
                const state = w.free > 0 ? `${w.free} free` : w.waiting > 0 ? "Waiting" : "Taken";
                return (
                  <li key={w.week}>
                    <label className={`chip${picked ? " active" : ""}`}>
                      <input
                        type="checkbox"
                        disabled={w.free === 0}
                        checked={picked}
                        onChange={() => toggle(p.id, w.week)}
                      />{" "}
                      Week of {weekLabel(w.week)}: {state}
                    </label>
                  </li>
                );
              })}
            </ul>
          </section>
          {p.id === selected?.id && bookingForm}
        </Fragment>
      ))}

      {user && mine.length > 0 && (
        <section className="card section" aria-labelledby="my-weeks-heading">
          <h2 id="my-weeks-heading" style={{ marginTop: 0 }}>
            My sponsor weeks
          </h2>
          <table className="data stacked-table">
            <thead>
              <tr>
                <th>Placement</th>
                <th>Shows</th>
                <th>Week</th>
                <th>Status</th>
                <th>Impressions</th>
                <th>Clicks</th>
              </tr>
            </thead>
            <tbody>
              {mine.map((b) => (
                <tr key={b.id}>
                  <td data-label="Placement">{b.placement_name}</td>
                  <td data-label="Shows">{b.tool_name ?? b.title}</td>
                  <td data-label="Week">{weekLabel(b.week_start)}</td>
                  <td data-label="Status">{STATUS_TEXT[b.status] ?? b.status}</td>
                  <td data-label="Impressions">{b.impressions}</td>
                  <td data-label="Clicks">{b.clicks}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </>
  );
}
