import { createServer } from "node:http";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { createApp } from "../api/app";
import { openDb } from "../db/client";
import { benchApiSettings } from "./analytics";

/**
 * Child process for the req/s comparisons: `raw` answers with node:http alone, `hono` with the
 * same JSON through Hono on @hono/node-server, `api <database>` is the whole API on that database
 * (bench/analytics.ts). Prints the port when listening.
 */
const kind = process.argv[2];
const body = JSON.stringify({ status: "ok" });
if (kind === "api") {
  const path = process.argv[3] ?? "";
  const db = await openDb({ url: `file:${path}` });
  const app = createApp({ db, settings: benchApiSettings(path), stripe: null });
  serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => console.log(info.port));
} else if (kind === "raw") {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(body);
  });
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    console.log(typeof address === "object" && address ? address.port : 0);
  });
} else {
  const app = new Hono();
  app.get("/", (c) => c.json({ status: "ok" }));
  serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => console.log(info.port));
}
