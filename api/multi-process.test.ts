import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { migrateDb, openDb } from "../db/client";
import { createCategory } from "../db/queries/categories";
import { createTool } from "../db/queries/tools";
import { createUser, markEmailVerified } from "../db/queries/users";
import { hashPassword } from "./passwords";
import { killAllServers, type ServerProcess, startServerProcess } from "./testing/server-process";
import { signToken } from "./tokens";

/**
 * Two server processes (WEB_CONCURRENCY=2) share one embedded database file: whichever process
 * takes a write, every process reads it at once, and concurrent writes through both all land.
 */
const SECRET = "multi-process-secret-multi-process-secret-0";
let dir: string;
let dbFile: string;
let memberToken: string;
const toolIds: number[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "aitools-multi-"));
  dbFile = join(dir, "app.db");
  const db = await openDb({ url: `file:${dbFile}` });
  await migrateDb(db);
  const member = await createUser(db, "member@example.com", await hashPassword("multi-password"), "user");
  if (!member) throw new Error("could not create the member");
  // A member with a confirmed address may submit (SUBMIT_REQUIRES_VERIFIED_EMAIL).
  await markEmailVerified(db, member.id);
  memberToken = await signToken(new TextEncoder().encode(SECRET), member.id, 0, "1h");
  const category = await createCategory(db, { name: "Writing", slug: "writing" });
  for (let i = 0; i < 30; i++)
    toolIds.push((await createTool(db, { name: `Shared ${i}`, category_id: category.id }, null)).id);
  db.$client.close();
});

afterEach(() => killAllServers());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One request on a connection of its own, so the cluster may hand it to either process. */
function call(base: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      `${base}${path}`,
      {
        method,
        agent: false,
        headers: {
          authorization: `Bearer ${memberToken}`,
          ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

async function stop(server: ServerProcess) {
  const exited = new Promise((r) => server.child.once("exit", r));
  server.child.kill("SIGTERM");
  await exited;
}

describe("two server processes on one database file", () => {
  it("read every write at once, whichever process took it, and land concurrent writes through both", async () => {
    const server = await startServerProcess(dbFile, join(dir, "site"), SECRET, {
      WEB_CONCURRENCY: "2",
      LOG_REQUESTS: "true",
    });
    try {
      // Read-your-write across processes: each request on its own connection.
      for (const id of toolIds) {
        const saved = await call(server.base, "POST", `/api/tools/${id}/save`, {});
        expect(saved.status).toBe(200);
        const check = await call(server.base, "GET", `/api/tools/${id}/is-saved`);
        expect(check.json).toEqual({ is_saved: true });
      }
      // Concurrent submissions through both processes: every one lands, none is refused as busy.
      const submissions = await Promise.all(
        Array.from({ length: 40 }, (_, i) => call(server.base, "POST", "/api/tools/", { name: `Parallel ${i}` })),
      );
      expect(submissions.map((s) => s.status)).toEqual(Array(40).fill(201));
      const mine = await call(server.base, "GET", "/api/tools/?submitted_by=me&limit=100");
      expect((mine.json as unknown[]).length).toBe(40);

      const pids = new Set(
        server
          .output()
          .split("\n")
          .filter((line) => line.startsWith("{"))
          .map((line) => (JSON.parse(line) as { pid?: number }).pid),
      );
      pids.delete(undefined);
      expect(pids.size).toBe(2);
      console.log(`2 processes answered ${toolIds.length * 2 + 41} requests on one file; every write read back`);
    } finally {
      await stop(server);
    }
  });
});
