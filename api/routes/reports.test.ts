import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

async function newTool(name: string) {
  const row = await h.db.$client.execute({
    sql: "INSERT INTO tools (slug, name) VALUES (?, ?) RETURNING id",
    args: [`${name.toLowerCase()}-${Date.now()}`, name],
  });
  return Number(row.rows[0]?.[0]);
}

const openReports = async (toolId: number) =>
  Number(
    (
      await h.db.$client.execute({
        sql: "SELECT count(*) FROM reports WHERE tool_id = ? AND status = 'open'",
        args: [toolId],
      })
    ).rows[0]?.[0],
  );

describe("reporting a listing", () => {
  it("takes a report from anyone, shows the open count to admins, and lets them resolve it", async () => {
    const id = await newTool("Reported");
    const member = await h.user();
    const admin = await h.user({ role: "admin" });
    const anonymous = await h.call("POST", `/api/tools/${id}/reports`, {
      body: { reason: "broken_link" },
      address: "198.51.100.1",
    });
    expect(anonymous.status).toBe(201);
    expect(anonymous.body.detail).toBe("Thanks, your report was sent to the moderators.");
    const signedIn = await h.call("POST", `/api/tools/${id}/reports`, {
      token: member.token,
      body: { reason: "spam_or_scam", note: "  Sells fake reviews  " },
      address: "198.51.100.2",
    });
    expect(signedIn.status).toBe(201);
    expect(await openReports(id)).toBe(2);

    const filter = encodeURIComponent(JSON.stringify({ status: "open", tool_id: id }));
    const listed = await h.call("GET", `/api/admin/reports?filter=${filter}`, { token: admin.token });
    expect(listed.status).toBe(200);
    expect(listed.headers.get("content-range")).toMatch(/^reports 0-1\/2$/);
    const spam = listed.body.find((r: { reason: string }) => r.reason === "spam_or_scam");
    expect(spam).toMatchObject({
      tool_id: id,
      tool_name: "Reported",
      reason: "spam_or_scam",
      note: "Sells fake reviews",
      user_id: member.id,
    });
    const tools = await h.call("GET", `/api/admin/tools?filter=${encodeURIComponent(JSON.stringify({ id: [id] }))}`, {
      token: admin.token,
    });
    expect(tools.body[0].open_reports).toBe(2);

    const resolved = await h.call("PUT", `/api/admin/reports/${spam.id}`, {
      token: admin.token,
      body: { ...spam, status: "resolved", note: "rewritten" },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ status: "resolved", note: "Sells fake reviews" });
    expect(resolved.body.resolved_at).toBeTruthy();
    expect(await openReports(id)).toBe(1);

    // Members and visitors never see reports.
    expect((await h.call("GET", "/api/admin/reports", { token: member.token })).status).toBe(403);
    expect((await h.call("GET", "/api/admin/reports")).status).toBe(401);
    expect(
      (
        await h.call("PUT", `/api/admin/reports/${spam.id}`, {
          token: member.token,
          body: { status: "open" },
        })
      ).status,
    ).toBe(403);
  });

  it("refuses bad input with a clear detail", async () => {
    const id = await newTool("Strict");
    const cases: [unknown, RegExp][] = [
      [{ reason: "i-dont-like-it" }, /reason: one of broken_link, wrong_information, spam_or_scam, other/],
      [{ reason: "other", note: "x".repeat(1001) }, /note: at most 1,000 characters/],
      [{ reason: "other", tool_id: 1 }, /tool_id/],
      [{}, /reason/],
    ];
    for (const [body, detail] of cases) {
      const res = await h.call("POST", `/api/tools/${id}/reports`, { body, address: "198.51.100.3" });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.detail).toMatch(detail);
    }
    expect((await h.call("POST", "/api/tools/999999/reports", { body: { reason: "other" } })).status).toBe(404);
    expect(await openReports(id)).toBe(0);
  });

  it("stores a repeated report once, limits each address, and never lets one tool's reports grow without bound", async () => {
    const id = await newTool("Flooded");
    for (let i = 0; i < 5; i++) {
      const res = await h.call("POST", `/api/tools/${id}/reports`, {
        body: { reason: "other" },
        address: "198.51.100.4",
      });
      expect(res.status).toBe(201);
    }
    expect(await openReports(id)).toBe(1);
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++)
      statuses.push(
        (await h.call("POST", `/api/tools/${id}/reports`, { body: { reason: "broken_link" }, address: "198.51.100.4" }))
          .status,
      );
    expect(statuses.slice(0, 15).every((s) => s === 201)).toBe(true);
    const limited = await h.call("POST", `/api/tools/${id}/reports`, {
      body: { reason: "spam_or_scam" },
      address: "198.51.100.4",
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    // Another address is not locked out by the first one's budget.
    expect(
      (await h.call("POST", `/api/tools/${id}/reports`, { body: { reason: "spam_or_scam" }, address: "198.51.100.5" }))
        .status,
    ).toBe(201);

    // Past the cap, reports from many addresses are thanked but not stored.
    for (let i = 0; i < 120; i++)
      await h.call("POST", `/api/tools/${id}/reports`, {
        body: { reason: "wrong_information" },
        address: `203.0.113.${i}`,
      });
    expect(await openReports(id)).toBe(100);
  });
});
