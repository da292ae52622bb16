import { mkdirSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { migrateDb, openDb } from "../db/client";
import { LinkChecker } from "../jobs/link-checker";
import { record } from "./lib";

const HOSTS = 50;
const TOOLS_PER_HOST = 4;
/** Each site answers after this long: a remote site's usual answer time, which bounds a crawler. */
const ANSWER_MS = 100;

/**
 * Link checks per minute with the default bound (4 at once) against one at a time, in the same
 * run, over 50 local sites (each its own host) that answer in 100 ms; and the most requests one
 * host ever had in flight (the checker's politeness rule says 1).
 */
export async function linkCheckFigures() {
  const servers: Server[] = [];
  let inFlight = new Map<string, number>();
  let mostPerHost = 0;
  const urls: string[] = [];
  for (let i = 0; i < HOSTS; i++) {
    const server = createServer((req, res) => {
      const host = String(req.headers.host);
      inFlight.set(host, (inFlight.get(host) ?? 0) + 1);
      mostPerHost = Math.max(mostPerHost, inFlight.get(host) ?? 0);
      setTimeout(() => {
        inFlight.set(host, (inFlight.get(host) ?? 1) - 1);
        res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      }, ANSWER_MS);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
    urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  }
  const perMinute = async (concurrency: number) => {
    const dir = `data/bench/links-${concurrency}`;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const db = await openDb({ url: `file:${dir}/links.db` });
    await migrateDb(db);
    const values = urls.flatMap((url, h) =>
      Array.from({ length: TOOLS_PER_HOST }, (_, k) => ({
        sql: "INSERT INTO tools (slug, name, website_url) VALUES (?, ?, ?)",
        args: [`t-${h}-${k}`, `T ${h} ${k}`, `${url}${k}`],
      })),
    );
    await db.$client.batch(values, "write");
    inFlight = new Map();
    const checker = new LinkChecker({ db, concurrency, allowLoopback: true, batch: HOSTS * TOOLS_PER_HOST });
    const start = performance.now();
    const checked = await checker.pass();
    const minutes = (performance.now() - start) / 60_000;
    db.$client.close();
    return checked / minutes;
  };
  const one = await perMinute(1);
  const four = await perMinute(4);
  for (const server of servers) server.close();
  const ratio = four / one;
  record(
    {
      name: `link checks per minute, 4 at once / 1 at a time (sites answer in ${ANSWER_MS} ms; most in flight per host: ${mostPerHost})`,
      value: Math.round(four),
      unit: "checks/min",
      reference: Math.round(one),
      aim: ">= 2.5, 1 per host",
    },
    ratio,
    ratio >= 2.5 && mostPerHost === 1,
  );
}
