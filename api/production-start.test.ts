import { mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { migrateDb, openDb } from "../db/client";
import { createUser, findUserByEmail } from "../db/queries/users";
import { hashPassword } from "./passwords";
import { killAllServers, spawnScript, startServerProcess } from "./testing/server-process";

/**
 * `npm start` in production on a database taken from development: ADMIN_EMAILS promotes the
 * existing account and creates none, the demo seed creates no sign-ins, and the demo admin that
 * the old database still holds cannot sign in with the published password.
 */
const SECRET = "production-start-secret-production-start-0";
let dir: string;
let dbFile: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "aitools-production-"));
  dbFile = join(dir, "app.db");
  const db = await openDb({ url: `file:${dbFile}` });
  await migrateDb(db);
  await createUser(db, "boss@example.com", await hashPassword("boss-password-1"), "user");
  // What a development seed leaves behind.
  await createUser(db, "admin@example.com", await hashPassword("demo-password"), "admin");
  db.$client.close();
}, 60_000);

afterEach(() => killAllServers());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function post(base: string, path: string, body: unknown) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe("a production start", () => {
  it("promotes existing ADMIN_EMAILS accounts only, seeds no demo sign-in and refuses the demo password", async () => {
    const server = await startServerProcess(dbFile, join(dir, "site"), SECRET, {
      NODE_ENV: "production",
      PUBLIC_URL: "https://aitools.example.com",
      ADMIN_EMAILS: "boss@example.com, ghost@example.com",
      SEED_DEMO: "true",
      MAIL: "off",
    });
    const out = server.output();
    expect(out).toMatch(/ADMIN_EMAILS: boss@example\.com \(account created [^)]+\) is now an admin/);
    expect(out).toMatch(/ADMIN_EMAILS: no account for ghost@example\.com; none is created/);
    expect(out).toMatch(/admin@example\.com still has the published demo password/);
    expect(out).not.toMatch(/demo admin:|demo member:/);

    const boss = await post(server.base, "/api/auth/signin", {
      email: "boss@example.com",
      password: "boss-password-1",
    });
    expect(boss.status).toBe(200);
    expect(boss.body.user.role).toBe("admin");
    const ghost = await post(server.base, "/api/auth/signup", {
      email: "ghost@example.com",
      password: "ghost-password",
    });
    expect(ghost.status).toBe(201);
    expect(ghost.body.user.role).toBe("user");
    const demo = await post(server.base, "/api/auth/signin", { email: "admin@example.com", password: "demo-password" });
    expect(demo.status).toBe(401);

    const db = await openDb({ url: `file:${dbFile}` });
    try {
      expect(await findUserByEmail(db, "demo@example.com")).toBeUndefined();
      expect((await findUserByEmail(db, "ghost@example.com"))?.role).toBe("user");
    } finally {
      db.$client.close();
    }
  }, 120_000);

  it("refuses to start without PUBLIC_URL", async () => {
    const run = spawnScript("scripts/start.ts", [], {
      NODE_ENV: "production",
      DATABASE_URL: `file:${dbFile}`,
      JWT_SECRET: SECRET,
      PUBLIC_URL: "",
    });
    const out = await run.exited;
    expect(run.child.exitCode).toBe(1);
    expect(out).toMatch(/PUBLIC_URL is required in production/);
  }, 60_000);
});

describe("a start on a port already taken", () => {
  it("says so in one line and exits 1, with no stack trace", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const run = spawnScript("scripts/start.ts", [], {
        NODE_ENV: "production",
        DATABASE_URL: `file:${dbFile}`,
        JWT_SECRET: SECRET,
        PUBLIC_URL: "https://aitools.example.com",
        MAIL: "off",
        HOST: "127.0.0.1",
        PORT: String(port),
      });
      const out = await run.exited;
      expect(run.child.exitCode).toBe(1);
      expect(out).toContain(`Port ${port} on 127.0.0.1 is already in use`);
      expect(out).not.toMatch(/\n\s+at /);
    } finally {
      taken.close();
    }
  }, 60_000);
});

describe("a production start without SMTP_URL", () => {
  it("refuses to start unless MAIL=off says so", async () => {
    const run = spawnScript("scripts/start.ts", [], {
      NODE_ENV: "production",
      DATABASE_URL: `file:${dbFile}`,
      JWT_SECRET: SECRET,
      PUBLIC_URL: "https://aitools.example.com",
      SMTP_URL: "",
    });
    const out = await run.exited;
    expect(run.child.exitCode).toBe(1);
    expect(out).toMatch(/SMTP_URL is required in production .* or MAIL=off/);
  }, 60_000);
});

describe("npm run admin:create", () => {
  it("refuses the published demo password", async () => {
    const run = spawnScript("scripts/create-admin.ts", ["new-admin@example.com", "--password", "demo-password"], {
      NODE_ENV: "test",
      DATABASE_URL: `file:${dbFile}`,
      JWT_SECRET: SECRET,
    });
    const out = await run.exited;
    expect(run.child.exitCode).toBe(2);
    expect(out).toMatch(/published demo password/);
    const db = await openDb({ url: `file:${dbFile}` });
    try {
      expect(await findUserByEmail(db, "new-admin@example.com")).toBeUndefined();
    } finally {
      db.$client.close();
    }
  }, 60_000);
});
