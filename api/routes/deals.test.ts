import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DealExpiry } from "../../jobs/deal-expiry";
import type { RecordChange } from "../../rebuild/change";
import { planRecords } from "../../rebuild/page-plan";
import { createHarness, type Harness } from "../testing/harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

async function newTool(owner: number | null, verified: boolean) {
  const slug = `dealt-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
  const row = await h.db.$client.execute({
    sql: "INSERT INTO tools (slug, name, website_url, submitted_by, is_verified) VALUES (?, ?, ?, ?, ?) RETURNING id",
    args: [slug, `Dealt ${slug}`, "https://example.com", owner, verified ? 1 : 0],
  });
  return { id: Number(row.rows[0]?.[0]), slug };
}

const deal = (over: Record<string, unknown> = {}) => ({
  code: "SAVE20",
  description: "20% off the first year",
  ends_at: inDays(10),
  ...over,
});

describe("a tool's deal", () => {
  it("is set, shown, replaced and removed by the tool's verified owner, and listed at GET /api/deals", async () => {
    const owner = await h.user();
    const tool = await newTool(owner.id, true);
    const set = await h.call("PUT", `/api/tools/${tool.id}/deal`, { token: owner.token, body: deal() });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      tool_id: tool.id,
      code: "SAVE20",
      url: null,
      description: "20% off the first year",
    });
    expect(h.changes.at(-1)).toMatch(/^deal on .* set$/);

    expect((await h.call("GET", `/api/tools/${tool.id}/deal`)).body).toMatchObject({ code: "SAVE20" });
    const listed = await h.call("GET", "/api/deals");
    expect(listed.body.map((d: { tool_id: number }) => d.tool_id)).toContain(tool.id);
    // One tool's deal, as its owner's editor asks for it.
    const own = await h.call("GET", `/api/deals?tool_id=${tool.id}`);
    expect(own.body).toHaveLength(1);
    expect(own.body[0]).toMatchObject({ tool_id: tool.id, code: "SAVE20" });
    expect(own.headers.get("cache-control")).toBe("no-store");

    // A link instead of the code: one deal per tool, replaced.
    const link = deal({ code: null, url: "https://example.com/offer", ends_at: "2099-01-01" });
    const replaced = await h.call("PUT", `/api/tools/${tool.id}/deal`, { token: owner.token, body: link });
    expect(replaced.status).toBe(422); // more than a year ahead
    const soon = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
    const linked = await h.call("PUT", `/api/tools/${tool.id}/deal`, {
      token: owner.token,
      body: { ...link, ends_at: soon },
    });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ code: null, url: "https://example.com/offer", id: set.body.id });
    // A date alone runs to the end of that day (UTC).
    expect(linked.body.ends_at).toBe(new Date(Date.parse(`${soon}T00:00:00Z`) + DAY).toISOString());

    expect((await h.call("DELETE", `/api/tools/${tool.id}/deal`, { token: owner.token })).status).toBe(200);
    expect((await h.call("GET", `/api/tools/${tool.id}/deal`)).status).toBe(404);
    // Asked by tool, no deal is an empty list; a malformed id is a 422 with a detail.
    expect(await h.call("GET", `/api/deals?tool_id=${tool.id}`)).toMatchObject({ status: 200, body: [] });
    const bad = await h.call("GET", "/api/deals?tool_id=0x1");
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/tool_id/);
    expect((await h.call("DELETE", `/api/tools/${tool.id}/deal`, { token: owner.token })).status).toBe(404);
  });

  it("is refused to anyone but the verified owner or an admin", async () => {
    const owner = await h.user();
    const stranger = await h.user();
    const admin = await h.user({ role: "admin" });
    const unverified = await newTool(owner.id, false);
    const tool = await newTool(owner.id, true);
    expect((await h.call("PUT", `/api/tools/${tool.id}/deal`, { body: deal() })).status).toBe(401);
    const notOwner = await h.call("PUT", `/api/tools/${tool.id}/deal`, { token: stranger.token, body: deal() });
    expect(notOwner).toMatchObject({
      status: 403,
      body: { detail: "Only the tool's verified owner can change its deal" },
    });
    // The submitter of a listing not verified as theirs is not its owner.
    expect((await h.call("PUT", `/api/tools/${unverified.id}/deal`, { token: owner.token, body: deal() })).status).toBe(
      403,
    );
    expect((await h.call("PUT", `/api/tools/${tool.id}/deal`, { token: admin.token, body: deal() })).status).toBe(200);
    expect((await h.call("DELETE", `/api/tools/${tool.id}/deal`, { token: stranger.token })).status).toBe(403);
    expect((await h.call("PUT", "/api/tools/999999/deal", { token: admin.token, body: deal() })).status).toBe(404);
    // Another member's listing waiting for review answers as if there were none.
    const waiting = await newTool(owner.id, true);
    await h.db.$client.execute({ sql: "UPDATE tools SET status = 'pending' WHERE id = ?", args: [waiting.id] });
    const hidden = await h.call("PUT", `/api/tools/${waiting.id}/deal`, { token: stranger.token, body: deal() });
    expect(hidden).toMatchObject({ status: 404, body: { detail: "Tool not found" } });
  });

  it("answers bad input with a 422 and a detail", async () => {
    const owner = await h.user();
    const tool = await newTool(owner.id, true);
    const put = (body: unknown) => h.call("PUT", `/api/tools/${tool.id}/deal`, { token: owner.token, body });
    const cases: [unknown, string][] = [
      [deal({ ends_at: inDays(-1) }), "ends_at: the end date must be in the future"],
      [deal({ ends_at: "2001-01-01" }), "ends_at: the end date must be in the future"],
      [deal({ ends_at: "soon" }), "ends_at: not a date (YYYY-MM-DD or an ISO date-time)"],
      [deal({ code: "X".repeat(65) }), "code: at most 64 characters"],
      [deal({ code: null }), "Give the deal a discount code or a link"],
      [deal({ code: "", url: "" }), "Give the deal a discount code or a link"],
      [deal({ url: "https://example.com/offer" }), "Give the deal a discount code or a link, not both"],
      [deal({ code: null, url: "javascript:alert(1)" }), "url: only http:// and https:// links are accepted"],
      [deal({ code: null, url: "ftp://example.com/x" }), "url: only http:// and https:// links are accepted"],
    ];
    for (const [body, detail] of cases)
      expect(await put(body), JSON.stringify(body)).toMatchObject({ status: 422, body: { detail } });
    const long = await put(deal({ description: "x".repeat(281) }));
    expect(long.status).toBe(422);
    expect(long.body.detail).toMatch(/^description: /);
    expect((await put(deal({ code: "C".repeat(64) }))).status).toBe(200);
  });

  it("is kept by the admin as a react-admin resource, one per tool", async () => {
    const admin = await h.user({ role: "admin" });
    const member = await h.user();
    const tool = await newTool(null, false);
    expect((await h.call("GET", "/api/admin/deals", { token: member.token })).status).toBe(403);
    const created = await h.call("POST", "/api/admin/deals", {
      token: admin.token,
      body: { ...deal(), tool_id: tool.id },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ tool_id: tool.id, tool_slug: tool.slug, code: "SAVE20" });
    const twice = await h.call("POST", "/api/admin/deals", {
      token: admin.token,
      body: { ...deal(), tool_id: tool.id },
    });
    expect(twice).toMatchObject({ status: 409, body: { detail: "This tool has a deal already: edit that one" } });
    const noTool = await h.call("POST", "/api/admin/deals", {
      token: admin.token,
      body: { ...deal(), tool_id: 999999 },
    });
    expect(noTool.status).toBe(422);
    const past = await h.call("POST", "/api/admin/deals", {
      token: admin.token,
      body: { ...deal({ ends_at: inDays(-2) }), tool_id: (await newTool(null, false)).id },
    });
    expect(past).toMatchObject({ status: 422, body: { detail: "ends_at: the end date must be in the future" } });

    const list = await h.call("GET", "/api/admin/deals", { token: admin.token });
    expect(list.headers.get("content-range")).toMatch(/^deals 0-\d+\/\d+$/);
    const id = created.body.id;
    // react-admin sends the record back whole.
    const edited = await h.call("PUT", `/api/admin/deals/${id}`, {
      token: admin.token,
      body: { ...created.body, code: "SAVE30", description: "30% off" },
    });
    expect(edited).toMatchObject({ status: 200, body: { id, code: "SAVE30", description: "30% off" } });
    expect((await h.call("GET", `/api/admin/deals/${id}`, { token: admin.token })).body.code).toBe("SAVE30");
    expect((await h.call("DELETE", `/api/admin/deals/${id}`, { token: admin.token })).status).toBe(200);
    expect((await h.call("GET", `/api/admin/deals/${id}`, { token: admin.token })).status).toBe(404);
  });

  it("ends by the job's clock, re-rendering the pages that read it", async () => {
    const admin = await h.user({ role: "admin" });
    const tool = await newTool(null, false);
    const other = await newTool(null, false);
    await h.call("PUT", `/api/tools/${tool.id}/deal`, { token: admin.token, body: deal({ ends_at: inDays(3) }) });
    await h.call("PUT", `/api/tools/${other.id}/deal`, { token: admin.token, body: deal({ ends_at: inDays(20) }) });
    const reported: RecordChange[][] = [];
    let now = new Date();
    const job = new DealExpiry(
      h.db,
      (_reason, records) => reported.push(records),
      () => now,
    );
    await job.run();
    expect(reported.flat().some((r) => r.kind === "deal" && r.tool_id === tool.id)).toBe(false);

    now = new Date(Date.now() + 4 * DAY);
    const ended = await job.run();
    expect(ended).toContain(tool.id);
    expect(ended).not.toContain(other.id);
    expect((await h.call("GET", `/api/tools/${tool.id}/deal`)).status).toBe(404);
    expect((await h.call("GET", `/api/tools/${other.id}/deal`)).status).toBe(200);
    const plan = await planRecords(h.db, reported.flat());
    expect(plan.keys).toEqual(expect.arrayContaining([`deal:${tool.id}`, "deals"]));
    expect(plan.keys).not.toContain(`deal:${other.id}`);
  });
});
