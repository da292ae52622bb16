import { existsSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { createApp } from "../api/app";
import { hashPassword } from "../api/passwords";
import { loadSettings } from "../config/settings";
import { openDb } from "../db/client";
import { listTools } from "../db/queries/tools";
import { createUser, findUserByEmail } from "../db/queries/users";
import { fullBuild } from "./build";
import { BENCH_SECRET, dataset, percentile, printed, record, startServer, timeEach, WRK, wrk } from "./lib";

const WORDS = [
  "writer",
  "image",
  "video notes",
  "smart",
  "code",
  "voice",
  "deep lens",
  "flow",
  "canvas",
  "summarises emails",
];
const PASSWORD = "bench-password-123";

/** The 10k directory with its built site (made by the build figures, or here when missing). */
async function builtDirectory(): Promise<string> {
  const dir = resolve("data/bench/build-10k");
  if (!existsSync(join(dir, "site/current/index.html"))) {
    const built = await fullBuild(await dataset(10_000), "build-10k");
    built.builder.close();
    built.db.$client.close();
  }
  const db = await openDb({ url: `file:${join(dir, "app.db")}` });
  if (!(await findUserByEmail(db, "bench@example.com"))) {
    await createUser(db, "bench@example.com", await hashPassword(PASSWORD), "user");
  }
  db.$client.close();
  return dir;
}

async function serve(dir: string, port: number, env: Record<string, string> = {}) {
  const server = await startServer({
    PORT: String(port),
    DATABASE_URL: `file:${join(dir, "app.db")}`,
    SITE_DIR: join(dir, "site"),
    REBUILD_DEBOUNCE_MS: "600000",
    AUTH_RATE_LIMIT: "1000000",
    AUTH_ADDRESS_LIMIT: "1000000",
    AUTH_SIGNUP_LIMIT: "1000000",
    ...env,
  });
  // The renderer compiles in the background after a start: measure once it is done.
  await printed(server.child, "site renderer ready", "site built");
  return server;
}

/** Pages, search, filters and tool details in the proportions a directory sees, for `seconds`. */
function mixedRequests(port: number, slugs: string[], seconds: number): number {
  const script = resolve("data/bench/mixed.lua");
  writeFileSync(
    script,
    `local slugs = { ${slugs.map((s) => JSON.stringify(s)).join(", ")} }
local words = { ${WORDS.map((w) => JSON.stringify(encodeURIComponent(w))).join(", ")} }
local n = 0
local function pick(list) n = n + 1; return list[(n % #list) + 1] end
local paths = {
  function() return "/tool/" .. pick(slugs) .. "/" end,
  function() return "/tool/" .. pick(slugs) .. "/" end,
  function() return "/api/tools/?search=" .. pick(words) .. "&limit=12" end,
  function() n = n + 1; return "/api/tools/?category_id=" .. (1 + n % 12) .. "&pricing=freemium&limit=12" end,
  function() return "/" end,
  function() return "/api/tools/slug/" .. pick(slugs) end,
}
local turn = 0
request = function()
  turn = turn + 1
  return wrk.format("GET", paths[(turn % #paths) + 1]())
end
`,
  );
  return wrk(`http://127.0.0.1:${port}`, { seconds, connections: 64, threads: 2, script });
}

/** The same mixed traffic against one server process and against two sharing the port. */
export async function scaleOutFigures() {
  if (!WRK) {
    console.log("skipping 2 processes / 1 process: needs wrk (apt-get install wrk)");
    return;
  }
  const dir = await builtDirectory();
  const db = await openDb({ url: `file:${join(dir, "app.db")}` });
  const slugs = (await listTools(db, { limit: 2000, offset: 0 })).map((t) => t.slug);
  db.$client.close();
  const rates: Record<number, number> = {};
  for (const processes of [1, 2]) {
    const server = await serve(dir, 4594, { WEB_CONCURRENCY: String(processes) });
    try {
      mixedRequests(4594, slugs, 3);
      rates[processes] = (mixedRequests(4594, slugs, 8) + mixedRequests(4594, slugs, 8)) / 2;
    } finally {
      server.stop();
      await new Promise((r) => server.child.once("exit", r));
    }
  }
  const ratio = (rates[2] ?? 0) / (rates[1] ?? 1);
  record(
    {
      name: "mixed traffic, 2 processes / 1 process",
      value: rates[2] ?? 0,
      unit: "req/s",
      reference: rates[1] ?? 0,
      aim: ">= 1.6",
    },
    ratio,
    ratio >= 1.6,
  );
}

/**
 * Search latency while sign-ins (scrypt, ~0.5 s of CPU each) arrive faster than they can be
 * checked, against the same searches on an idle server.
 */
export async function signInPressureFigures() {
  const dir = await builtDirectory();
  const port = 4595;
  const server = await serve(dir, port);
  try {
    const search = (i: number) =>
      fetch(`http://127.0.0.1:${port}/api/tools/?search=${encodeURIComponent(WORDS[i % WORDS.length] ?? "")}`).then(
        (r) => r.arrayBuffer(),
      );
    await timeEach(50, search);
    const idle = percentile(await timeEach(400, search), 99);
    const flood = autocannon({
      url: `http://127.0.0.1:${port}/api/auth/signin`,
      method: "POST",
      connections: 16,
      duration: 25,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "bench@example.com", password: PASSWORD }),
    });
    await new Promise((r) => setTimeout(r, 2000));
    const busy = percentile(await timeEach(400, search), 99);
    const result = await flood;
    console.log(
      `  sign-ins during the run: ${result.requests.total} (${result.non2xx} answered 429 or 503 "try again")`,
    );
    record(
      {
        name: "search p99 while sign-in runs at saturation / idle p99",
        value: busy,
        unit: "ms",
        reference: idle,
        aim: "<= 2",
      },
      busy / idle,
      busy / idle <= 2,
    );
  } finally {
    server.stop();
  }
}

/** Sign-in answers an unknown e-mail and a wrong password in the same time (medians of 200 each). */
export async function signInTimingFigures() {
  const dir = await builtDirectory();
  const url = `file:${join(dir, "app.db")}`;
  const db = await openDb({ url });
  const settings = loadSettings({
    NODE_ENV: "test",
    DATABASE_URL: url,
    JWT_SECRET: BENCH_SECRET,
    AUTH_RATE_LIMIT: "1000000",
    AUTH_ADDRESS_LIMIT: "1000000",
    AUTH_SIGNUP_LIMIT: "1000000",
  } as NodeJS.ProcessEnv);
  const app = createApp({ db, settings, stripe: null });
  const attempt = (email: string) =>
    app.request("/api/auth/signin", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "not-the-password" }),
    });
  const unknown: number[] = [];
  const wrong: number[] = [];
  for (let i = 0; i < 200; i++) {
    // Alternated, so drift in machine load hits both alike.
    for (const [email, times] of [
      [`nobody-${i}@example.com`, unknown],
      ["bench@example.com", wrong],
    ] as const) {
      const started = performance.now();
      const response = await attempt(email);
      times.push(performance.now() - started);
      if (response.status !== 401) throw new Error(`sign-in answered ${response.status}`);
    }
  }
  db.$client.close();
  const a = percentile(
    unknown.sort((x, y) => x - y),
    50,
  );
  const b = percentile(
    wrong.sort((x, y) => x - y),
    50,
  );
  record(
    {
      name: "sign-in median, unknown e-mail / wrong password (200 each)",
      value: a,
      unit: "ms",
      reference: b,
      aim: "within 20% (0.8-1.2)",
    },
    a / b,
    a / b >= 0.8 && a / b <= 1.2,
  );
}
