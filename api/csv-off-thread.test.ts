import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDb, openDb } from "../db/client";
import { createCategory } from "../db/queries/categories";
import { createUser } from "../db/queries/users";
import { hashPassword } from "./passwords";
import { killAllServers, printed, type ServerProcess, startServerProcess } from "./testing/server-process";
import { signToken } from "./tokens";

/**
 * A large CSV upload is decoded, parsed and validated off the server's event loop: a request
 * made while the file is being parsed is answered before the import is.
 */
const SECRET = "csv-thread-secret-csv-thread-secret-00000";
let dir: string;
let server: ServerProcess;
let adminToken: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "aitools-csv-thread-"));
  const dbFile = join(dir, "app.db");
  const db = await openDb({ url: `file:${dbFile}` });
  await migrateDb(db);
  const admin = await createUser(db, "admin@example.com", await hashPassword("csv-password"), "admin");
  if (!admin) throw new Error("could not create the admin");
  adminToken = await signToken(new TextEncoder().encode(SECRET), admin.id, 0, "1h");
  await createCategory(db, { name: "Writing", slug: "writing" });
  db.$client.close();
  server = await startServerProcess(dbFile, join(dir, "site"), SECRET, {
    MAX_CSV_BYTES: String(50 * 1024 * 1024),
    // The import says in the log when it starts parsing: the moment the test asks in between.
    LOG_REQUESTS: "true",
  });
});

afterAll(() => {
  killAllServers();
  rmSync(dir, { recursive: true, force: true });
});

describe("CSV import of a large file", () => {
  it("leaves the server answering other requests while the file is parsed", async () => {
    const header = "name,slug,description,website_url,category,pricing_type,is_featured,pros,cons,faq,tags\n";
    const row = (i: number) =>
      `Big Tool ${i},,"Tool ${i} drafts, summarises and translates text for teams of every size.",https://big${i}.example,Writing,freemium,false,Fast | Cheap,Young,"[{""question"":""Free?"",""answer"":""Yes""}]",Free plan | Copywriting\n`;
    const parts = [header];
    let size = header.length;
    for (let i = 0; size < 20 * 1024 * 1024; i++) {
      parts.push(row(i));
      size += parts[parts.length - 1]?.length ?? 0;
    }
    // The last row is bad: the whole file is read and checked, and nothing is written.
    parts.push("Bad Tool,,x,javascript:alert(1),Writing,free,false,,,,\n");
    const form = new FormData();
    form.append("file", new File(parts, "big.csv", { type: "text/csv" }));

    const order: string[] = [];
    const sent = performance.now();
    const importing = fetch(`${server.base}/api/admin/tools/upload-csv`, {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}` },
      body: form,
    }).then(async (res) => {
      order.push("import");
      return { status: res.status, body: (await res.json()) as { detail: string } };
    });
    await printed(server, /"csv_import":"parsing"/);
    const asked = performance.now();
    const health = await fetch(`${server.base}/api/health`);
    order.push("health");
    const healthMs = performance.now() - asked;
    const imported = await importing;
    console.log(
      `CSV import of ${(size / 1024 / 1024).toFixed(1)} MB: a health check asked during parsing answered in ` +
        `${Math.round(healthMs)} ms; the import answered ${Math.round(performance.now() - sent)} ms after it was sent`,
    );

    expect(health.status).toBe(200);
    expect(imported.status).toBe(422);
    expect(imported.body.detail).toMatch(/^1 row\(s\) have errors, nothing was imported\. Row \d+: website_url/);
    expect(order).toEqual(["health", "import"]);
  });
});
