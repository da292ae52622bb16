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

    // Past the cap, reports from many networks are counted on the rows already open.
    for (let i = 0; i < 120; i++)
      await h.call("POST", `/api/tools/${id}/reports`, {
        body: { reason: "wrong_information" },
        address: `203.0.${i}.1`,
      });
    expect(await openReports(id)).toBe(100);
    expect(await reportsCounted(id)).toBe(3 + 120);
  });

  it("cannot be silenced: one network files one open report per reason, and past the cap nothing is dropped", async () => {
    const id = await newTool("Silenced");
    const report = (address: string, reason: string, note = "") =>
      h.call("POST", `/api/tools/${id}/reports`, { body: { reason, note }, address });
    const reasons = ["broken_link", "wrong_information", "spam_or_scam", "other"];
    // 26 addresses of one /24 file every reason: one open report per reason.
    for (let i = 1; i <= 26; i++)
      for (const reason of reasons) expect((await report(`192.0.2.${i}`, reason)).status).toBe(201);
    expect(await openReports(id)).toBe(4);
    // The network's newer report replaces its older one; an IPv6 /48 is one network too.
    await report("192.0.2.27", "other", "Newer words");
    await report("2001:db8:1:1::1", "other", "First");
    await report("2001:db8:1:2::1", "other", "Second");
    expect(await openNotes(id, "other")).toEqual(["Newer words", "Second"]);
    // Reopening a resolved report beside its network's newer one: 409, never a 5xx.
    const admin = await h.user({ role: "admin" });
    const filter = encodeURIComponent(JSON.stringify({ status: "open", tool_id: id, reason: "other" }));
    const older = (await h.call("GET", `/api/admin/reports?filter=${filter}`, { token: admin.token })).body.find(
      (r: { note: string }) => r.note === "Newer words",
    );
    const put = (status: string) =>
      h.call("PUT", `/api/admin/reports/${older.id}`, { token: admin.token, body: { status } });
    expect((await put("resolved")).status).toBe(200);
    await report("192.0.2.28", "other", "After it was resolved");
    const reopened = await put("open");
    expect(reopened.status).toBe(409);
    expect(reopened.body.detail).toMatch(/newer open report/);

    // Another network's genuine report is stored and shown to the admins.
    const genuine = await report("198.51.100.77", "spam_or_scam", "Takes payment, sends nothing");
    expect(genuine.status).toBe(201);
    expect(await openNotes(id, "spam_or_scam")).toEqual(["", "Takes payment, sends nothing"]);

    // A tool at the cap: a reason already open counts, a reason not yet open takes a place.
    const full = await newTool("Full");
    for (let i = 0; i < 100; i++)
      await h.call("POST", `/api/tools/${full}/reports`, { body: { reason: "other" }, address: `100.64.${i}.1` });
    const late = await h.call("POST", `/api/tools/${full}/reports`, {
      body: { reason: "broken_link", note: "The site is gone" },
      address: "198.51.100.78",
    });
    expect(late.status).toBe(201);
    await h.call("POST", `/api/tools/${full}/reports`, { body: { reason: "other" }, address: "100.65.0.1" });
    expect(await openReports(full)).toBe(100);
    expect(await openNotes(full, "broken_link")).toEqual(["The site is gone"]);
    expect(await reportsCounted(full)).toBe(102);
  });
});

const openNotes = async (toolId: number, reason: string) =>
  (
    await h.db.$client.execute({
      sql: "SELECT note FROM reports WHERE tool_id = ? AND reason = ? AND status = 'open' ORDER BY note",
      args: [toolId, reason],
    })
  ).rows.map((r) => r.note);

const reportsCounted = async (toolId: number) =>
  Number(
    (
      await h.db.$client.execute({
        sql: "SELECT sum(1 + repeats) FROM reports WHERE tool_id = ? AND status = 'open'",
        args: [toolId],
      })
    ).rows[0]?.[0],
  );
