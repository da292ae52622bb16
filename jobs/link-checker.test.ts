import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { linkCheckOf } from "../db/queries/link-checks";
import { freshDb } from "../db/testing";
import { checkSite, LINK_FAILURES_TO_FLAG, LinkChecker } from "./link-checker";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const servers: Server[] = [];

/** A local website; its port makes it a host of its own. */
async function site(handler: Handler): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

let healthy = "";
let parked = "";
let gone = "";
let moved = "";
let headRefused = "";
const heads: string[] = [];

beforeAll(async () => {
  healthy = await site((req, res) => {
    heads.push(String(req.headers["user-agent"]));
    res.writeHead(200, { "content-type": "text/html" }).end("<title>A tool</title>");
  });
  parked = await site((_req, res) =>
    res.writeHead(200, { "content-type": "text/html" }).end("<h1>This domain is for sale!</h1> Buy this domain today."),
  );
  gone = await site((_req, res) => res.writeHead(404).end("no"));
  const elsewhere = await site((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end("new home"));
  moved = await site((_req, res) =>
    res.writeHead(301, { location: elsewhere.replace("127.0.0.1", "localhost") }).end(),
  );
  headRefused = await site((req, res) =>
    req.method === "HEAD" ? res.writeHead(405).end() : res.writeHead(200, { "content-type": "image/png" }).end("png"),
  );
});

const closers: (() => void)[] = [];
afterAll(() => {
  for (const server of servers) server.close();
  for (const close of closers) close();
});

async function testDb(): Promise<Db> {
  const { db, close } = await freshDb();
  closers.push(close);
  return db;
}

describe("checkSite", () => {
  it("tells a live site from a dead, parked or moved one", async () => {
    const options = { allowLoopback: true };
    expect(await checkSite(healthy, options)).toMatchObject({ ok: true, status: 200, flag: null });
    expect(heads.at(-1)).toMatch(/^AIToolsDirectoryBot\//);
    expect(await checkSite(parked, options)).toMatchObject({ ok: true, flag: "parked" });
    expect(await checkSite(gone, options)).toMatchObject({ ok: false, status: 404, error: "answered 404" });
    expect(await checkSite(moved, options)).toMatchObject({ ok: true, flag: "moved" });
    // HEAD refused: GET decides.
    expect(await checkSite(headRefused, options)).toMatchObject({ ok: true, status: 200, flag: null });
  });

  it("never reaches a private address without the test setting", async () => {
    const outcome = await checkSite(healthy);
    expect(outcome).toMatchObject({ ok: false, error: "The address is not public" });
  });
});

async function addTool(db: Db, name: string, website: string): Promise<number> {
  const row = await db.$client.execute({
    sql: "INSERT INTO tools (slug, name, website_url) VALUES (?, ?, ?) RETURNING id",
    args: [name.toLowerCase().replace(/\W+/g, "-"), name, website],
  });
  return Number(row.rows[0]?.[0]);
}

const flagOf = async (db: Db, id: number) =>
  (await db.$client.execute({ sql: "SELECT site_flag FROM tools WHERE id = ?", args: [id] })).rows[0]?.site_flag ??
  null;

describe("LinkChecker", () => {
  it(`flags a site after ${LINK_FAILURES_TO_FLAG} failed checks in a row, backs off between them, and clears it when it returns`, async () => {
    const db = await testDb();
    let now = Date.parse("2026-01-01T00:00:00Z");
    const flagged: string[] = [];
    const checker = new LinkChecker({
      db,
      allowLoopback: true,
      now: () => now,
      onFlagChange: (tool) => flagged.push(tool.slug),
    });
    let down = true;
    const flaky = await site((_req, res) => (down ? res.writeHead(503).end() : res.writeHead(200).end("ok")));
    const id = await addTool(db, "Flaky", flaky);
    const fine = await addTool(db, "Fine", healthy);

    expect(await checker.pass()).toBe(2);
    expect(await checker.pass()).toBe(0); // nothing is due again at once
    expect(await linkCheckOf(db, id)).toMatchObject({ failures: 1, status: 503 });
    now += 60 * 60_000; // first retry after an hour
    expect(await checker.pass()).toBe(1);
    expect(await flagOf(db, id)).toBeNull();
    now += 6 * 60 * 60_000; // second retry after six hours
    await checker.pass();
    expect(await flagOf(db, id)).toBe("unreachable");
    expect(flagged).toEqual(["flaky"]);
    expect(await flagOf(db, fine)).toBeNull();

    down = false;
    now += 24 * 60 * 60_000;
    expect(await checker.pass()).toBe(2);
    expect(await flagOf(db, id)).toBeNull();
    expect(flagged).toEqual(["flaky", "flaky"]);
    expect(await linkCheckOf(db, id)).toMatchObject({ failures: 0, status: 200 });
  });

  it("starts over when the website changes, and checks a new URL at once", async () => {
    const db = await testDb();
    const now = Date.parse("2026-01-01T00:00:00Z");
    const checker = new LinkChecker({ db, allowLoopback: true, now: () => now });
    const id = await addTool(db, "Mover", gone);
    await checker.pass();
    expect(await linkCheckOf(db, id)).toMatchObject({ failures: 1 });
    await db.$client.execute({ sql: "UPDATE tools SET website_url = ? WHERE id = ?", args: [healthy, id] });
    expect(await checker.pass()).toBe(1);
    expect(await linkCheckOf(db, id)).toMatchObject({ failures: 0, status: 200, url: healthy });
  });

  it("keeps to its concurrency bound and to one request at a time per host", async () => {
    const db = await testDb();
    let inFlight = 0;
    let most = 0;
    const perHost = new Map<string, number>();
    let mostPerHost = 0;
    const slowSite = () =>
      site((req, res) => {
        const host = String(req.headers.host);
        inFlight++;
        perHost.set(host, (perHost.get(host) ?? 0) + 1);
        most = Math.max(most, inFlight);
        mostPerHost = Math.max(mostPerHost, perHost.get(host) ?? 0);
        setImmediate(() => {
          inFlight--;
          perHost.set(host, (perHost.get(host) ?? 0) - 1);
          res.writeHead(200, { "content-type": "text/plain" }).end("ok");
        });
      });
    const hosts = await Promise.all(Array.from({ length: 8 }, slowSite));
    for (const [i, url] of hosts.entries()) {
      await addTool(db, `Host ${i} a`, url);
      await addTool(db, `Host ${i} b`, `${url}b`);
    }
    const checker = new LinkChecker({ db, allowLoopback: true, concurrency: 3 });
    expect(await checker.pass()).toBe(16);
    expect(most).toBeLessThanOrEqual(3);
    expect(mostPerHost).toBe(1);
  });
});

describe("flagged websites in the admin and on the API", () => {
  it("lists flagged tools to admins by flag, shows the flag on the tool, and drops it when the website changes", async () => {
    const { createHarness } = await import("../api/testing/harness");
    const h = await createHarness({ FETCH_ALLOW_LOOPBACK: "true" });
    try {
      const admin = await h.user({ role: "admin" });
      // Pro: the owner's change of website goes live at once (a free member's waits for review).
      const member = await h.user({ pro: true });
      const id = await addTool(h.db, "Parked Pal", parked);
      await h.db.$client.execute({ sql: "UPDATE tools SET submitted_by = ? WHERE id = ?", args: [member.id, id] });
      await addTool(h.db, "Fine Pal", healthy);
      await new LinkChecker({ db: h.db, allowLoopback: true }).pass();
      const filter = encodeURIComponent('{"site_flag":"parked"}');
      const listed = await h.call("GET", `/api/admin/tools?filter=${filter}`, { token: admin.token });
      expect(listed.status).toBe(200);
      expect(listed.body.map((t: { name: string }) => t.name)).toEqual(["Parked Pal"]);
      expect((await h.call("GET", `/api/admin/tools?filter=${filter}`, { token: member.token })).status).toBe(403);
      expect((await h.call("GET", `/api/tools/${id}`)).body.site_flag).toBe("parked");
      const moved = await h.call("PUT", `/api/tools/${id}`, {
        token: member.token,
        body: { name: "Parked Pal", website_url: healthy },
      });
      expect(moved.body.site_flag).toBeNull();
    } finally {
      await h.close();
    }
  });
});
