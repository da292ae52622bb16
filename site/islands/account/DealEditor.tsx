import { type FormEvent, useCallback, useRef, useState } from "react";
import { DEAL_CODE_MAX, DEAL_DESCRIPTION_MAX } from "../../../lib/deals";
import { api } from "../../lib/api";
import { formMessageOf } from "../../lib/messages";
import { toast } from "../../lib/toast";

type Deal = { code: string | null; url: string | null; description: string; ends_at: string };

/**
 * "Deal" on a verified owner's published tool: adds, changes or removes its discount code or
 * offer link (one of the two), what it gives and its last day. The tool's pages show it once
 * they re-render, and it goes by itself after its last day.
 */
export default function DealEditor({ toolId, toolName }: { toolId: number; toolName: string }) {
  const [open, setOpen] = useState(false);
  const [deal, setDeal] = useState<Deal | null>(null);
  const [form, setForm] = useState({ code: "", url: "", description: "", ends: "" });
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  // Stable, so it runs once per opening: it closes by being removed (not close()), which leaves
  // focus nowhere, so its cleanup hands focus back to "Deal".
  const showDialog = useCallback((d: HTMLDialogElement | null) => {
    if (d && !d.open) d.showModal();
    return () => {
      // Still modal at this point, it would keep the page inert: close it first.
      d?.close();
      opener.current?.focus();
    };
  }, []);

  async function toggle() {
    if (open) return setOpen(false);
    setOpen(true);
    try {
      const [found] = await api<Deal[]>(`/deals?tool_id=${toolId}`);
      if (!found) return;
      setDeal(found);
      // The last day shown is the day before the end (a date runs to the end of that day).
      const last = new Date(Date.parse(found.ends_at) - 1).toISOString().slice(0, 10);
      setForm({ code: found.code ?? "", url: found.url ?? "", description: found.description, ends: last });
    } catch (error) {
      toast.error(formMessageOf(error, "Could not load the deal"));
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const body = {
        code: form.code || null,
        url: form.url || null,
        description: form.description,
        ends_at: form.ends,
      };
      setDeal(await api<Deal>(`/tools/${toolId}/deal`, { method: "PUT", body }));
      toast.success("Deal saved: the tool's pages show it in a moment");
      setOpen(false);
    } catch (error) {
      toast.error(formMessageOf(error, "Could not save the deal"));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await api(`/tools/${toolId}/deal`, { method: "DELETE" });
      setDeal(null);
      setForm({ code: "", url: "", description: "", ends: "" });
      toast.success("Deal removed");
      setOpen(false);
    } catch (error) {
      toast.error(formMessageOf(error, "Could not remove the deal"));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
  });
  const titleId = `deal-title-${toolId}`;
  return (
    <>
      <button ref={opener} type="button" className="btn btn-outline btn-sm" aria-expanded={open} onClick={toggle}>
        Deal
      </button>
      {open ? (
        // A modal of its own: opened inside the table's Actions cell, a form would squeeze the row.
        <dialog
          ref={showDialog}
          className="dialog confirm-dialog"
          aria-labelledby={titleId}
          onCancel={(e) => {
            e.preventDefault();
            setOpen(false);
          }}
        >
          <button
            type="button"
            className="btn btn-ghost btn-icon dialog-close"
            aria-label="Close"
            onClick={() => setOpen(false)}
          >
            ✕
          </button>
          <h2 id={titleId}>Deal on {toolName}</h2>
          <form className="deal-editor" aria-labelledby={titleId} onSubmit={save}>
            <p className="hint">
              A discount code or a link to your offer (one of the two), shown on the tool's page and /deals.
            </p>
            <label>
              Discount code
              <input className="input" maxLength={DEAL_CODE_MAX} {...field("code")} />
            </label>
            <label>
              Or a link to the offer
              <input className="input" type="url" placeholder="https://" {...field("url")} />
            </label>
            <label>
              What it gives
              <input className="input" required maxLength={DEAL_DESCRIPTION_MAX} {...field("description")} />
            </label>
            <label>
              Last day
              <input className="input" type="date" required {...field("ends")} />
            </label>
            <div className="actions-row">
              <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
                Save deal
              </button>
              {deal ? (
                <button type="button" className="btn btn-danger btn-sm" disabled={busy} onClick={remove}>
                  Remove deal
                </button>
              ) : null}
            </div>
          </form>
        </dialog>
      ) : null}
    </>
  );
}
