import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/harness";

/** The maker's website: what each path serves is set per test. */
const pages = new Map<string, { status?: number; body: string; location?: string; onServe?: () => Promise<void> }>();
let site: Server;
let origin = "";
let h: Harness;

beforeAll(async () => {
  site = createServer(async (req, res) => {
    const page = pages.get(req.url ?? "/");
    if (!page) return res.writeHead(404).end("not here");
    await page.onServe?.();
    res.writeHead(page.status ?? 200, page.location ? { location: page.location } : { "content-type": "text/html" });
    res.end(page.body);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  h = await createHarness({ FETCH_ALLOW_LOOPBACK: "true" });
});

afterAll(async () => {
  await h.close();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

async function newTool(submittedBy: number | null, website = `${origin}/`) {
  const slug = `claimable-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
  const row = await h.db.$client.execute({
    sql: "INSERT INTO tools (slug, name, website_url, submitted_by) VALUES (?, ?, ?, ?) RETURNING id",
    args: [slug, "Claimable", website, submittedBy],
  });
  return { id: Number(row.rows[0]?.[0]), slug };
}

const toolRow = async (id: number) =>
  (await h.db.$client.execute({ sql: "SELECT submitted_by, is_verified FROM tools WHERE id = ?", args: [id] }))
    .rows[0] as unknown as { submitted_by: number | null; is_verified: number };

describe("claiming a tool", () => {
  it("issues a token, checks the meta tag on the site, and hands the listing to its maker", async () => {
    const submitter = await h.user();
    const maker = await h.user();
    const tool = await newTool(submitter.id);
    expect((await h.call("POST", `/api/tools/${tool.id}/claim`)).status).toBe(401);

    const opened = await h.call("POST", `/api/tools/${tool.id}/claim`, { token: maker.token });
    expect(opened.status).toBe(201);
    expect(opened.body.token).toMatch(/^[0-9a-f]{32}$/);
    expect(opened.body.meta_tag).toBe(`<meta name="ai-tools-directory-verification" content="${opened.body.token}">`);
    expect(opened.body.file_path).toBe("/.well-known/ai-tools-directory-verification.txt");
    // Asking again gives the same claim and token.
    const again = await h.call("POST", `/api/tools/${tool.id}/claim`, { token: maker.token });
    expect(again.status).toBe(200);
    expect(again.body.token).toBe(opened.body.token);

    // Not published yet: a clear 422, and the listing is untouched.
    pages.set("/", { body: "<html><head><title>Maker</title></head></html>" });
    const early = await h.call("POST", `/api/tools/${tool.id}/claim/verify`, { token: maker.token });
    expect(early.status).toBe(422);
    expect(early.body.detail).toContain("the page has no verification tag");
    expect(await toolRow(tool.id)).toMatchObject({ submitted_by: submitter.id, is_verified: 0 });

    pages.set("/", {
      body: `<html><head><meta content='${opened.body.token}' name="AI-Tools-Directory-Verification"></head></html>`,
    });
    const verified = await h.call("POST", `/api/tools/${tool.id}/claim/verify`, { token: maker.token });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ status: "verified", method: "meta" });
    expect(await toolRow(tool.id)).toMatchObject({ submitted_by: maker.id, is_verified: 1 });
    expect(h.changes).toContain(`tool verified: ${tool.slug}`);
    const shown = await h.call("GET", `/api/tools/${tool.id}`);
    expect(shown.body.is_verified).toBe(true);
    // The maker edits it as its submitter now; the previous submitter no longer can.
    const edit = { name: "Claimable", description: "By its maker" };
    expect((await h.call("PUT", `/api/tools/${tool.id}`, { token: maker.token, body: edit })).status).toBe(200);
    expect((await h.call("PUT", `/api/tools/${tool.id}`, { token: submitter.token, body: edit })).status).toBe(403);
    pages.clear();
  });

  it("accepts the well-known file, and drops the badge when the website changes", async () => {
    const maker = await h.user();
    const tool = await newTool(null);
    const claim = (await h.call("POST", `/api/tools/${tool.id}/claim`, { token: maker.token })).body;
    pages.set(claim.file_path, { body: `${claim.token}\n` });
    const verified = await h.call("POST", `/api/tools/${tool.id}/claim/verify`, { token: maker.token });
    expect(verified.body).toMatchObject({ status: "verified", method: "file" });
    const moved = await h.call("PUT", `/api/tools/${tool.id}`, {
      token: maker.token,
      body: { name: "Claimable", website_url: "https://elsewhere.example.com/" },
    });
    expect(moved.status).toBe(200);
    // A member's new website waits for review (decision 015); once approved, the badge is gone.
    expect(moved.body).toMatchObject({ is_verified: true, pending_revision: true });
    const admin = await h.user({ role: "admin" });
    const revisions = (await h.call("GET", "/api/admin/revisions", { token: admin.token })).body;
    const revision = revisions.find((r: { tool_id: number }) => r.tool_id === tool.id);
    const approved = await h.call("POST", `/api/admin/revisions/${revision.id}/approve`, { token: admin.token });
    expect(approved.body.tool.is_verified).toBe(false);
    pages.clear();
  });

  it("reads a page of half a megabyte of unclosed tags without holding up the server", async () => {
    const maker = await h.user();
    const tool = await newTool(null);
    const claim = (await h.call("POST", `/api/tools/${tool.id}/claim`, { token: maker.token })).body;
    // Never closed: a pattern that looks for the end of each from each one reads the rest of the
    // page once per tag (a minute of the server's one thread for this page).
    const hostile = `${"<meta".repeat(60_000)}<meta ${"a".repeat(200_000)}`;
    pages.set("/", { body: `<meta name="ai-tools-directory-verification" content="${claim.token}">${hostile}` });
    const verified = await h.call("POST", `/api/tools/${tool.id}/claim/verify`, { token: maker.token });
    expect(verified.body).toMatchObject({ status: "verified", method: "meta" });
    pages.clear();
  });

  it("gives no badge when the website changed while it was being checked", async () => {
    const maker = await h.user();
    const tool = await newTool(null);
    const claim = (await h.call("POST", `/api/tools/${tool.id}/claim`, { token: maker.token })).body;
    // The token is found at the old address, but the listing names another site by then.
    pages.set(claim.file_path, {
      body: claim.token,
      onServe: async () => {
        await h.db.$client.execute({
          sql: "UPDATE tools SET website_url = 'https://not-checked.example/' WHERE id = ?",
          args: [tool.id],
        });
      },
    });
    const raced = await h.call("POST", `/api/tools/${tool.id}/claim/verify`, { token: maker.token });
    expect(raced.status).toBe(409);
    expect(raced.body.detail).toBe("The tool's website changed while it was being checked: verify again");
    expect(await toolRow(tool.id)).toMatchObject({ submitted_by: null, is_verified: 0 });
    const after = await h.db.$client.execute({ sql: "SELECT status FROM tool_claims WHERE id = ?", args: [claim.id] });
    expect(after.rows[0]?.status).toBe("pending");
    pages.clear();
  });

  it("refuses a wrong token, a redirect into the private network, an oversize page and a missing claim", async () => {
    const maker = await h.user();
    const tool = await newTool(null);
    expect((await h.call("POST", `/api/tools/${tool.id}/claim/verify`, { token: maker.token })).status).toBe(404);
    await h.call("POST", `/api/tools/${tool.id}/claim`, { token: maker.token });

    pages.set("/", { body: '<meta name="ai-tools-directory-verification" content="not-the-token">' });
    const wrong = await h.call("POST", `/api/tools/${tool.id}/claim/verify`, { token: maker.token });
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail).toContain("holds another token");

    pages.set("/", { status: 302, body: "", location: "http://169.254.169.254/latest/meta-data/" });
    const redirected = await h.call("POST", `/api/tools/${tool.id}/claim/verify`, { token: maker.token });
    expect(redirected.status).toBe(422);
    expect(redirected.body.detail).toContain("The address is not public");

    pages.set("/", { body: "a".repeat(600 * 1024) });
    const huge = await h.call("POST", `/api/tools/${tool.id}/claim/verify`, { token: maker.token });
    expect(huge.status).toBe(422);
    expect(huge.body.detail).toContain("over 524288 bytes");
    expect(await toolRow(tool.id)).toMatchObject({ submitted_by: null, is_verified: 0 });
    pages.clear();
  });

  it("never fetches a private address without the test setting, and limits checks per member", async () => {
    const strict = await createHarness();
    try {
      const maker = await strict.user();
      const row = await strict.db.$client.execute({
        sql: "INSERT INTO tools (slug, name, website_url) VALUES ('internal', 'Internal', ?) RETURNING id",
        args: [`${origin}/`],
      });
      const id = Number(row.rows[0]?.[0]);
      await strict.call("POST", `/api/tools/${id}/claim`, { token: maker.token });
      const refused = await strict.call("POST", `/api/tools/${id}/claim/verify`, { token: maker.token });
      expect(refused.status).toBe(422);
      expect(refused.body.detail).toContain("The address is not public");
      const statuses: number[] = [];
      for (let i = 0; i < 9; i++)
        statuses.push((await strict.call("POST", `/api/tools/${id}/claim/verify`, { token: maker.token })).status);
      expect(statuses.every((s) => s === 422)).toBe(true);
      const limited = await strict.call("POST", `/api/tools/${id}/claim/verify`, { token: maker.token });
      expect(limited.status).toBe(429);
      expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    } finally {
      await strict.close();
    }
  });

  it("answers 404 for an unknown tool and 422 for a tool without a website", async () => {
    const maker = await h.user();
    expect((await h.call("POST", "/api/tools/999999/claim", { token: maker.token })).status).toBe(404);
    const bare = await newTool(null, "");
    const refused = await h.call("POST", `/api/tools/${bare.id}/claim`, { token: maker.token });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBe("This tool has no website to verify");
  });
});
