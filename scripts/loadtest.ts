import { spawn } from "node:child_process";
import { parseArgs } from "node:util";
import autocannon from "autocannon";

/**
 * npm run loadtest [-- --seconds 60 --connections 100 --soak-minutes 0]: mixed traffic (pages,
 * search, save/unsave, track-click, sign-in) against a server started here on loopback, bounded
 * in time. Prints requests, unexpected statuses, latency p50/p99, the server's event-loop delay
 * p99 and its memory before and after (the soak repeats rounds to watch for growth).
 */
const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    connections: { type: "string", default: "100" },
    "soak-minutes": { type: "string", default: "0" },
    port: { type: "string", default: "4593" },
  },
});
const seconds = Math.min(600, Math.max(5, Number(values.seconds)));
const connections = Math.min(500, Math.max(1, Number(values.connections)));
const soakMinutes = Math.min(30, Math.max(0, Number(values["soak-minutes"])));
const base = `http://127.0.0.1:${values.port}`;

const server = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/start.ts"], {
  env: {
    ...process.env,
    PORT: values.port,
    LOG_REQUESTS: "false",
    AUTH_RATE_LIMIT: "1000000",
    AUTH_ADDRESS_LIMIT: "1000000",
    AUTH_SIGNUP_LIMIT: "1000000",
    REBUILD_INTERVAL_MS: "0",
  },
  stdio: ["ignore", "inherit", "inherit"],
});
const stop = () => server.kill("SIGTERM");
process.on("exit", stop);

async function waitReady() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error("server did not start");
}

async function json(path: string, init?: RequestInit) {
  return (await fetch(`${base}${path}`, init)).json() as Promise<Record<string, unknown>>;
}

await waitReady();
const email = `load-${Date.now()}@example.com`;
const signup = await json("/api/auth/signup", {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ email, password: "load-test-password" }),
});
const token = String(signup.access_token);
const tools = (await json("/api/tools/?limit=12")) as unknown as { id: number; slug: string }[];
const first = tools[0];
if (!first) throw new Error("no tools to load");
const bearer = { authorization: `Bearer ${token}` };
const requests: autocannon.Request[] = [
  { method: "GET" as const, path: "/" },
  { method: "GET" as const, path: `/tool/${first.slug}` },
  { method: "GET" as const, path: "/api/tools/?search=writer&limit=12" },
  { method: "GET" as const, path: "/api/tools/?search=image&pricing=freemium&limit=12" },
  { method: "POST" as const, path: `/api/tools/${first.id}/save`, headers: bearer },
  { method: "DELETE" as const, path: `/api/tools/${first.id}/save`, headers: bearer },
  { method: "POST" as const, path: `/api/tools/${first.id}/track-click` },
];
// Sign-in (scrypt, ~0.5 s of CPU each here) runs on its own few connections beside the rest.
const signIn: autocannon.Request[] = [
  {
    method: "POST",
    path: "/api/auth/signin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "load-test-password" }),
  },
];

async function round(duration: number) {
  const [result, auth] = await Promise.all([
    autocannon({ url: base, connections: Math.max(1, connections - 4), duration, requests }),
    autocannon({ url: base, connections: 4, duration, requests: signIn }),
  ]);
  const unexpected = [result, auth].reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
  return { result, auth, unexpected };
}

const memory = async () => (await json("/api/health")).memory_rss_mb as number | undefined;
const startMemory = await memory();
const { result, auth, unexpected } = await round(seconds);
console.log(
  JSON.stringify({
    requests: result.requests.total,
    status_codes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, v]) => [code, (v as { count: number }).count]),
    ),
    req_per_s: result.requests.average,
    unexpected_statuses: unexpected,
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    sign_ins: auth.requests.total,
    sign_in_p99_ms: auth.latency.p99,
    event_loop_delay_p99_ms: (await json("/api/health")).event_loop_delay_p99_ms,
    memory_rss_mb_start: startMemory,
    memory_rss_mb_end: await memory(),
  }),
);
// The soak: the same traffic minute after minute. The heap grows for the first minutes (caches
// fill, V8 sizes its generations to the load), so memory is judged by the trend after that: a
// leak shows as a steady climb, a healthy server as a plateau around which RSS goes up and down.
const WARM_UP_MINUTES = 2;
let soakUnexpected = 0;
const soakMemory: number[] = [];
for (let minute = 0; minute < soakMinutes; minute++) {
  const rounds = await round(60);
  soakUnexpected += rounds.unexpected;
  soakMemory.push((await memory()) ?? 0);
  console.log(
    JSON.stringify({
      soak_minute: minute + 1,
      requests: rounds.result.requests.total,
      unexpected_statuses: rounds.unexpected,
      latency_p99_ms: rounds.result.latency.p99,
      event_loop_delay_p99_ms: (await json("/api/health")).event_loop_delay_p99_ms,
      memory_rss_mb: soakMemory.at(-1),
    }),
  );
}
let grew = false;
const settled = soakMemory.slice(WARM_UP_MINUTES);
if (settled.length >= 3) {
  // Least-squares slope of RSS per minute over the settled minutes.
  const n = settled.length;
  const meanX = (n - 1) / 2;
  const meanY = settled.reduce((a, b) => a + b, 0) / n;
  const slope =
    settled.reduce((sum, y, x) => sum + (x - meanX) * (y - meanY), 0) /
    settled.reduce((sum, _y, x) => sum + (x - meanX) ** 2, 0);
  // Growth is a climb of more than 10% of the plateau over the settled minutes.
  grew = slope * (n - 1) > 0.1 * meanY;
  console.log(
    JSON.stringify({
      soak_minutes: soakMinutes,
      unexpected_statuses: soakUnexpected,
      memory_rss_mb_start: soakMemory[0],
      memory_rss_mb_end: soakMemory.at(-1),
      memory_rss_mb_plateau: Math.round(meanY),
      memory_trend_mb_per_minute: Math.round(slope * 10) / 10,
      verdict: grew ? "memory keeps growing" : "no memory growth",
    }),
  );
}
stop();
process.exit(unexpected === 0 && soakUnexpected === 0 && !grew ? 0 : 1);
