import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadSettings } from "../config/settings";
import { migrateDb, openDb } from "../db/client";
import { createUser } from "../db/queries/users";
import { signUpWithVerification } from "../mail/account-links";
import { BENCH_SECRET, percentile, record, timeEach } from "./lib";

/**
 * What the outbox costs a sign-up: the sign-up's writes with its verification mail (the account,
 * a token and an outbox row in one batch, as POST /api/auth/signup does) against the account
 * alone, alternated on one database file, p50 of 1,000 each. The password hash both share is left
 * out: it takes ~100 ms and would hide the difference.
 */
export async function mailFigures() {
  const dir = mkdtempSync(join(tmpdir(), "bench-mail-"));
  try {
    const settings = loadSettings({ NODE_ENV: "test", JWT_SECRET: BENCH_SECRET, DATABASE_URL: `file:${dir}/b.db` });
    const db = await openDb({ url: settings.DATABASE_URL });
    await migrateDb(db);
    const hash = "scrypt$bench";
    const now = new Date();
    const withMail = (i: number) =>
      signUpWithVerification(db, settings, { email: `with${i}@example.com`, passwordHash: hash }, now);
    const without = (i: number) => createUser(db, `without${i}@example.com`, hash);
    await timeEach(100, (i) => withMail(-i - 1));
    await timeEach(100, (i) => without(-i - 1));
    const a: number[] = [];
    const b: number[] = [];
    for (let round = 0; round < 10; round++) {
      a.push(...(await timeEach(100, (i) => withMail(round * 100 + i))));
      b.push(...(await timeEach(100, (i) => without(round * 100 + i))));
    }
    a.sort((x, y) => x - y);
    b.sort((x, y) => x - y);
    const p50 = percentile(a, 50);
    const ref = percentile(b, 50);
    record(
      {
        name: "sign-up writes p50, with the verification mail (token + outbox row) / the account alone",
        value: p50,
        unit: "ms",
        reference: ref,
        aim: "<= 3 (well under 1 ms added)",
      },
      p50 / ref,
      p50 / ref <= 3 || p50 - ref < 1,
    );
    db.$client.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
