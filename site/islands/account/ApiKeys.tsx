import { useCallback, useEffect, useState } from "react";
import { formatDate } from "../../../lib/format";
import { useConfirm } from "../../components/react/ConfirmDialog";
import { api } from "../../lib/api";
import { formMessageOf } from "../../lib/messages";
import { toast } from "../../lib/toast";

type ApiKey = {
  id: number;
  name: string;
  prefix: string;
  request_count: number;
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
};

/**
 * API keys for the public read API and /mcp (GET/POST/DELETE /api/keys): a new key is shown
 * once, right after it is made; the list shows each key's start, its use and when it was last used.
 */
export default function ApiKeys() {
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const { confirm, dialog } = useConfirm();

  const load = useCallback(async () => {
    try {
      setKeys(await api<ApiKey[]>("/keys"));
    } catch (error) {
      toast.error(formMessageOf(error, "Failed to load your API keys"));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function create(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const key = await api<ApiKey & { key: string }>("/keys", { method: "POST", body: { name } });
      setCreated({ name: key.name, key: key.key });
      setName("");
      await load();
    } catch (error) {
      toast.error(formMessageOf(error, "Failed to create the API key"));
    } finally {
      setBusy(false);
    }
  }

  async function revoke(key: ApiKey) {
    if (!(await confirm(`Revoke "${key.name}"? Programs using it stop working at once.`, "Revoke"))) return;
    try {
      await api(`/keys/${key.id}`, { method: "DELETE" });
      toast.success("API key revoked");
      await load();
    } catch (error) {
      toast.error(formMessageOf(error, "Failed to revoke the API key"));
    }
  }

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      toast.success("Key copied to clipboard");
    } catch {
      toast.error("Could not copy: select the key and copy it by hand");
    }
  }

  return (
    <section aria-labelledby="api-keys" style={{ paddingBottom: "var(--space-8)" }}>
      <h2 id="api-keys">API keys</h2>
      <p className="subtitle">
        A key gives your programs and AI agents a higher quota on the public API and the MCP server. Send it as{" "}
        <code>X-API-Key</code> or <code>Authorization: Bearer</code>. See <a href="/developers">Developers</a>.
      </p>
      <form onSubmit={create} style={{ display: "flex", gap: "var(--space-2)", flexWrap: "wrap", alignItems: "end" }}>
        <div className="field" style={{ marginBottom: 0 }}>
          <label htmlFor="api-key-name">Key name</label>
          <input
            id="api-key-name"
            className="input"
            required
            maxLength={60}
            placeholder="e.g. My research agent"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy || !name.trim()}>
          {busy ? "Creating..." : "Create API key"}
        </button>
      </form>
      {created ? (
        <div className="card" role="status" style={{ marginTop: "var(--space-4)" }}>
          <p style={{ marginTop: 0 }}>
            Your new key <strong>{created.name}</strong>. Copy it now: it is not shown again.
          </p>
          <code data-testid="new-api-key" style={{ wordBreak: "break-all" }}>
            {created.key}
          </code>
          <div style={{ display: "flex", gap: "var(--space-2)", marginTop: "var(--space-2)" }}>
            <button type="button" className="btn btn-outline" onClick={() => copy(created.key)}>
              Copy key
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setCreated(null)}>
              Done
            </button>
          </div>
        </div>
      ) : null}
      {keys && keys.length > 0 ? (
        <div className="table-wrap card" style={{ padding: 0, marginTop: "var(--space-4)" }}>
          <table className="data">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Calls</th>
                <th scope="col">Last used</th>
                <th scope="col">Created</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key.id}>
                  <td>{key.name}</td>
                  <td>
                    <code>{key.prefix}…</code>
                  </td>
                  <td>{key.request_count}</td>
                  <td>{key.last_used_at ? formatDate(key.last_used_at) : "Never"}</td>
                  <td>{formatDate(key.created_at)}</td>
                  <td>
                    {key.revoked_at ? (
                      <span>Revoked</span>
                    ) : (
                      <button type="button" className="btn btn-ghost" onClick={() => revoke(key)}>
                        Revoke
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {dialog}
    </section>
  );
}
