import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { migrateDb, openDb } from "../db/client";
import { createUser } from "../db/queries/users";
import { hashPassword } from "./passwords";
import { killAllServers, startServerProcess } from "./testing/server-process";

/** SIGTERM (a deploy, a scale-down) lets every request in flight finish before the process exits. */
const SECRET = "shutdown-secret-shutdown-secret-shutdown-00";
let dir: string;
let dbFile: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "aitools-shutdown-"));
  dbFile = join(dir, "app.db");
  const db = await openDb({ url: `file:${dbFile}` });
  await migrateDb(db);
  await createUser(db, "member@example.com", await hashPassword("shutdown-password"), "user");
  db.$client.close();
});

afterEach(() => killAllServers());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a graceful shutdown", () => {
  it("answers every request already in flight, then exits 0", async () => {
    // The grace period is a deploy's deadline, not what is tested here: on a loaded machine the
    // queued hashes may take longer than its default.
    const server = await startServerProcess(dbFile, join(dir, "site"), SECRET, { SHUTDOWN_GRACE_MS: "600000" });
    const exited = new Promise<number | null>((r) => server.child.once("exit", (code) => r(code)));
    // Sign-ins queue for the password hash (about a quarter second each): once the first is
    // answered, the others have long been read and wait in the queue when the signal arrives.
    let answered: () => void = () => {};
    const first = new Promise<void>((r) => {
      answered = r;
    });
    // Four: as many as one network may have waiting at once (api/passwords.ts).
    const signIns = Array.from({ length: 4 }, () =>
      fetch(`${server.base}/api/auth/signin`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "member@example.com", password: "shutdown-password" }),
      }).then(async (r) => {
        answered();
        return { status: r.status, token: ((await r.json()) as { access_token?: string }).access_token };
      }),
    );
    await first;
    server.child.kill("SIGTERM");
    const answers = await Promise.all(signIns);
    expect(answers.map((a) => a.status)).toEqual(Array(4).fill(200));
    expect(answers.every((a) => typeof a.token === "string")).toBe(true);
    expect(await exited).toBe(0);
    expect(server.output()).toContain("SIGTERM: finishing in-flight requests");
  });
});
