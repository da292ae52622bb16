import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOf, daysBefore } from "../../db/queries/analytics";
import { AnalyticsRetention } from "../../jobs/analytics-retention";
import { createHarness, type Harness } from "../testing/harness";
import { ViewCounter } from "../view-counter";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const rows = async (sql: string, args: (string | number)[] = []) =>
  (await h.db.$client.execute({ sql, args })).rows.map((r) => ({ ...r }));
let made = 0;
const newTool = async (ownerId: number | null = null) =>
  Number(
    (
      await h.db.$client.execute({
        sql: "INSERT INTO tools (slug, name, submitted_by) VALUES (?, ?, ?) RETURNING id",
        args: [`analytics-${++made}`, `Analytics ${made}`, ownerId],
      })
    ).rows[0]?.id,
  );
const view = (id: number | string, address: string, agent = "Mozilla/5.0 (X11; Linux x86_64) Test/1", raw?: string) =>
  h.call("POST", `/api/tools/${id}/view`, { address, headers: { "user-agent": agent }, raw });
const contentVersion = async () => (await rows("SELECT value FROM site_state WHERE key = 'content_version'"))[0]?.value;

describe("the page-view beacon", () => {
  it("counts each visitor once per tool per day, stores no address or user agent, and rebuilds nothing", async () => {
    const tool = await newTool();
    const other = await newTool();
    const admin = await h.user({ role: "admin" });
    const version = await contentVersion();
    const changes = h.changes.length;
    for (let i = 0; i < 5; i++) expect((await view(tool, "192.0.2.10")).status).toBe(204);
    // Another address, another browser on the same address, and the same visitor on another tool.
    await view(tool, "192.0.2.11");
    await view(tool, "192.0.2.10", "Mozilla/5.0 (Macintosh) Other/2");
    await view(other, "192.0.2.10");
    await view(other, "192.0.2.10");
    const figures = async (id: number) =>
      (await h.call("GET", `/api/tools/${id}/analytics?days=1`, { token: admin.token })).body;
    expect((await figures(tool)).totals.views).toBe(3);
    expect((await figures(other)).totals.views).toBe(1);

    // Nothing that could name the visitor is stored: only integer hashes, one per visitor and tool.
    const columns = await rows("SELECT name FROM pragma_table_info('view_visitors') ORDER BY name");
    expect(columns.map((c) => c.name)).toEqual(["day", "hash"]);
    expect(await rows("SELECT typeof(hash) AS type, count(*) AS n FROM view_visitors GROUP BY 1")).toEqual([
      { type: "integer", n: 4 },
    ]);
    const everything = JSON.stringify([
      // The hashes are 64-bit integers: read as text.
      await rows("SELECT CAST(hash AS TEXT) AS hash, day FROM view_visitors"),
      await rows("SELECT * FROM tool_daily_stats"),
      await rows("SELECT * FROM analytics_salts"),
    ]);
    for (const secret of ["192.0.2.10", "192.0.2.11", "Mozilla", "Linux"]) expect(everything).not.toContain(secret);

    // Counters, not content: no new content version, no rebuild.
    expect(await contentVersion()).toBe(version);
    expect(h.changes.length).toBe(changes);
  });

  it("counts the site's own beacons and refuses cross-site ones (403)", async () => {
    const tool = await newTool();
    const admin = await h.user({ role: "admin" });
    const beacon = (address: string, headers: Record<string, string>) =>
      h.call("POST", `/api/tools/${tool}/view`, {
        address,
        headers: { "user-agent": "Mozilla/5.0 Test/1", ...headers },
      });
    const crossSite = await beacon("192.0.2.50", {
      "sec-fetch-site": "cross-site",
      origin: "https://elsewhere.example",
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.detail).toBe("Only this site's own pages may send this request");
    expect((await beacon("192.0.2.51", { origin: "https://elsewhere.example" })).status).toBe(403);
    // sendBeacon from the tool page, and a client that sends neither header.
    expect((await beacon("192.0.2.52", { "sec-fetch-site": "same-origin", "sec-fetch-mode": "no-cors" })).status).toBe(
      204,
    );
    expect((await beacon("192.0.2.53", {})).status).toBe(204);
    const figures = await h.call("GET", `/api/tools/${tool}/analytics?days=1`, { token: admin.token });
    expect(figures.body.totals.views).toBe(2);
  });

  it("answers junk with a 4xx and stores nothing for it", async () => {
    const before = await rows("SELECT count(*) AS n FROM view_visitors");
    for (const id of ["999999", "abc", "-1", "0", "1.5", "99999999999999999999"]) {
      const res = await view(id, "192.0.2.20");
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: expect.any(String) });
    }
    const tool = await newTool();
    const big = await view(tool, "192.0.2.20", "Agent", "x".repeat(5000));
    expect(big.status).toBe(413);
    expect(big.body.detail).toMatch(/larger than/);
    expect(await rows("SELECT count(*) AS n FROM view_visitors")).toEqual(before);
    expect((await h.call("GET", `/api/tools/${tool}/view`)).status).toBe(404);
  });
});

describe("the day's salt", () => {
  it("is new each day, and the past day's salt and hashes are deleted when it ends", async () => {
    let now = new Date("2031-03-01T23:59:00Z");
    const limits = {
      ANALYTICS_VIEWS_PER_ADDRESS: 1000,
      ANALYTICS_MAX_VISITORS: 1000,
      ANALYTICS_VISITORS_PER_NETWORK: 1000,
    };
    const counter = new ViewCounter(h.db, limits, () => now);
    const retention = new AnalyticsRetention(h.db, 400, () => now);
    const tool = await newTool();
    expect(await counter.count(tool, "198.51.100.1", "A")).toBe("counted");
    expect(await counter.count(tool, "198.51.100.1", "A")).toBe("repeat");
    const first = await rows("SELECT salt FROM analytics_salts WHERE day = '2031-03-01'");
    expect(first).toHaveLength(1);
    const firstHash = ViewCounter.hash(String(first[0]?.salt), "198.51.100.1", "A", tool);

    now = new Date("2031-03-02T00:01:00Z");
    expect(await counter.count(tool, "198.51.100.1", "A")).toBe("counted");
    const salts = await rows("SELECT day, salt FROM analytics_salts");
    expect(salts.map((s) => s.day)).toEqual(["2031-03-02"]);
    expect(salts[0]?.salt).not.toBe(first[0]?.salt);
    await retention.run();
    const left = await rows("SELECT hash, day FROM view_visitors WHERE day < '2031-03-02'");
    expect(left).toEqual([]);
    expect((await rows("SELECT CAST(hash AS TEXT) AS hash FROM view_visitors")).map((r) => r.hash)).not.toContain(
      String(firstHash),
    );
    expect(await rows("SELECT day, views FROM tool_daily_stats WHERE tool_id = ? ORDER BY day", [tool])).toEqual([
      { day: "2031-03-01", views: 1 },
      { day: "2031-03-02", views: 1 },
    ]);
  });

  it("keeps daily figures for the retention period only", async () => {
    const tool = await newTool();
    const today = "2031-06-01";
    for (const day of [daysBefore(today, 400), daysBefore(today, 399), today]) {
      await h.db.$client.execute({
        sql: "INSERT INTO tool_daily_stats (tool_id, day, views) VALUES (?, ?, 1)",
        args: [tool, day],
      });
    }
    await new AnalyticsRetention(h.db, 400, () => new Date(`${today}T12:00:00Z`)).run();
    expect(
      (await rows("SELECT day FROM tool_daily_stats WHERE tool_id = ? ORDER BY day", [tool])).map((r) => r.day),
    ).toEqual([daysBefore(today, 399), today]);
  });

  it("stops counting an address past its hourly budget, and everyone past the day's cap", async () => {
    const tool = await newTool();
    const now = new Date("2031-04-01T10:00:00Z");
    const budget = new ViewCounter(
      h.db,
      { ANALYTICS_VIEWS_PER_ADDRESS: 2, ANALYTICS_MAX_VISITORS: 1e6, ANALYTICS_VISITORS_PER_NETWORK: 1e6 },
      () => now,
    );
    expect(await budget.count(tool, "203.0.113.5", "one")).toBe("counted");
    expect(await budget.count(tool, "203.0.113.5", "two")).toBe("counted");
    expect(await budget.count(tool, "203.0.113.5", "three")).toBe("not counted");
    expect(await budget.count(tool, "203.0.113.6", "three")).toBe("counted");
    const present = Number((await rows("SELECT count(*) AS n FROM view_visitors"))[0]?.n);
    const full = new ViewCounter(
      h.db,
      { ANALYTICS_VIEWS_PER_ADDRESS: 100, ANALYTICS_MAX_VISITORS: present, ANALYTICS_VISITORS_PER_NETWORK: 1e6 },
      () => now,
    );
    expect(await full.count(tool, "203.0.113.7", "four")).toBe("not counted");
  });

  it("counts one address as at most three visitors of a tool a day, whatever user agents it sends", async () => {
    const tool = await newTool();
    const other = await newTool();
    const counter = new ViewCounter(
      h.db,
      { ANALYTICS_VIEWS_PER_ADDRESS: 100, ANALYTICS_MAX_VISITORS: 1e6, ANALYTICS_VISITORS_PER_NETWORK: 1e6 },
      () => new Date("2031-06-01T10:00:00Z"),
    );
    const outcomes = [];
    for (let i = 0; i < 6; i++) outcomes.push(await counter.count(tool, "203.0.113.50", `Browser/${i}`));
    expect(outcomes).toEqual(["counted", "counted", "counted", "not counted", "not counted", "not counted"]);
    // Another tool, and another address, are counted apart.
    expect(await counter.count(other, "203.0.113.50", "Browser/9")).toBe("counted");
    expect(await counter.count(tool, "203.0.113.51", "Browser/9")).toBe("counted");
  });

  it("lets one network add only its share of the day's visitors, so it cannot fill the day's set for everyone", async () => {
    const tool = await newTool();
    let now = new Date("2031-05-01T10:00:00Z");
    const counter = new ViewCounter(
      h.db,
      { ANALYTICS_VIEWS_PER_ADDRESS: 100, ANALYTICS_MAX_VISITORS: 1e6, ANALYTICS_VISITORS_PER_NETWORK: 3 },
      () => now,
    );
    // Every address of one /24 (and of one IPv6 /48, whatever its /64s) draws on one share.
    const outcomes = [];
    for (let i = 1; i <= 5; i++) outcomes.push(await counter.count(tool, `198.51.100.${i}`, "rotating"));
    expect(outcomes).toEqual(["counted", "counted", "counted", "not counted", "not counted"]);
    for (let i = 1; i <= 3; i++) expect(await counter.count(tool, `2001:db8:7:${i}::1`, "v6")).toBe("counted");
    expect(await counter.count(tool, "2001:db8:7:ffff::1", "v6")).toBe("not counted");
    // Another network is counted, and its repeats take none of its share.
    expect(await counter.count(tool, "192.0.2.10", "elsewhere")).toBe("counted");
    for (let i = 0; i < 3; i++) expect(await counter.count(tool, "192.0.2.10", "elsewhere")).toBe("repeat");
    expect(await counter.count(tool, "192.0.2.11", "elsewhere")).toBe("counted");
    // The next day the network has its share again.
    now = new Date("2031-05-02T10:00:00Z");
    expect(await counter.count(tool, "198.51.100.9", "rotating")).toBe("counted");
  });
});

describe("a tool's analytics", () => {
  it("are for its owner and admins only", async () => {
    const owner = await h.user();
    const member = await h.user();
    const admin = await h.user({ role: "admin" });
    const tool = await newTool(owner.id);
    const path = `/api/tools/${tool}/analytics`;
    expect((await h.call("GET", path)).status).toBe(401);
    const refused = await h.call("GET", path, { token: member.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: "You can only see the analytics of your own tools" });
    expect((await h.call("GET", `${path}?format=csv`, { token: member.token })).status).toBe(403);
    expect((await h.call("GET", path, { token: owner.token })).status).toBe(200);
    expect((await h.call("GET", path, { token: admin.token })).status).toBe(200);
    expect((await h.call("GET", "/api/tools/999999/analytics", { token: admin.token })).status).toBe(404);
    for (const query of ["days=0", "days=401", "days=abc", "format=xml"]) {
      const res = await h.call("GET", `${path}?${query}`, { token: owner.token });
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual(expect.any(String));
    }
  });

  it("count outbound clicks, saves and unsaves by day, with totals, in JSON and CSV", async () => {
    const owner = await h.user();
    const fan = await h.user();
    const tool = await newTool(owner.id);
    await view(tool, "192.0.2.30");
    await h.call("POST", `/api/tools/${tool}/track-click`, { address: "192.0.2.30" });
    await h.call("POST", `/api/tools/${tool}/track-click`, { address: "192.0.2.31" });
    // A repeated save or an unsave of what was not saved changes nothing, so counts nothing.
    await h.call("POST", `/api/tools/${tool}/save`, { token: fan.token });
    await h.call("POST", `/api/tools/${tool}/save`, { token: fan.token });
    await h.call("DELETE", `/api/tools/${tool}/save`, { token: fan.token });
    await h.call("DELETE", `/api/tools/${tool}/save`, { token: fan.token });
    await h.call("DELETE", `/api/tools/${tool}/save`, { token: owner.token });

    const res = await h.call("GET", `/api/tools/${tool}/analytics`, { token: owner.token });
    expect(res.status).toBe(200);
    const today = dayOf(new Date());
    expect(res.body.days).toHaveLength(30);
    expect(res.body.from).toBe(daysBefore(today, 29));
    expect(res.body.to).toBe(today);
    expect(res.body.days.at(-1)).toEqual({ day: today, views: 1, clicks: 2, saves: 1, unsaves: 1 });
    expect(res.body.days[0]).toEqual({ day: daysBefore(today, 29), views: 0, clicks: 0, saves: 0, unsaves: 0 });
    expect(res.body.totals).toEqual({ views: 1, clicks: 2, saves: 1, unsaves: 1 });

    const csv = await h.call("GET", `/api/tools/${tool}/analytics?format=csv&days=7`, { token: owner.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(
      `attachment; filename="analytics-${made}-analytics-${daysBefore(today, 6)}-to-${today}.csv"`,
    );
    const lines = String(csv.body).trim().split("\n");
    expect(lines).toHaveLength(8);
    expect(lines[0]).toBe("day,views,clicks,saves,unsaves");
    expect(lines[1]).toBe(`${daysBefore(today, 6)},0,0,0,0`);
    expect(lines[7]).toBe(`${today},1,2,1,1`);
  });
});
