import { spawn } from "node:child_process";
import { parseArgs } from "node:util";
import autocannon from "autocannon";

/**
 * npm run loadtest [-- --seconds 60 --connections 100 --members 30 --soak-minutes 0]: traffic as
 * a directory gets it, against a server started here on loopback with its default limits.
 * - Visitors (autocannon, `connections` at once): the home page, tool and category pages, searches
 *   of many words, page-view beacons and Visit Website clicks, sent as a browser on the site sends
 *   them.
 * - Members (`members` accounts, signed up first): each saves and unsaves a tool at a person's pace
 *   (one action every 20-40 s), well within the per-member budget.
 * - Sign-ins: one every 2 s, cycling through the members (scrypt is the costliest request).
 * Prints requests, unexpected statuses, latency p50/p99 of each, the server's event-loop delay p99
 * and its memory before and after; the soak repeats minute rounds to watch for growth. Exits 1 on
 * any unexpected status or steady memory growth.
 */
const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    connections: { type: "string", default: "100" },
    members: { type: "string", default: "30" },
    "soak-minutes": { type: "string", default: "0" },
    port: { type: "string", default: "4593" },
  },
});
const seconds = Math.min(600, Math.max(5, Number(values.seconds)));
const connections = Math.min(500, Math.max(1, Number(values.connections)));
const memberCount = Math.min(200, Math.max(1, Number(values.members)));
const soakMinutes = Math.min(30, Math.max(0, Number(values["soak-minutes"])));
const base = `http://127.0.0.1:${values.port}`;
const PASSWORD = "load-test-password";

const server = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/start.ts"], {
  env: {
    ...process.env,
    PORT: values.port,
    LOG_REQUESTS: "false",
    REBUILD_INTERVAL_MS: "0",
    API_ANON_LIMIT: "10000000",
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

const jsonHeaders = { "content-type": "application/json" };
async function json(path: string, init?: RequestInit) {
  return (await fetch(`${base}${path}`, init)).json() as Promise<Record<string, unknown>>;
}

await waitReady();
type Listed = { id: number; slug: string; category_slug?: string | null };
const tools = (await json("/api/tools/?limit=48")) as unknown as Listed[];
const categories = (await json("/api/categories/")) as unknown as { slug: string }[];
if (tools.length === 0) throw new Error("no tools to load");

// Members sign up one after another, as people do (each sign-up hashes a password).
const members: { email: string; token: string }[] = [];
const run = Date.now();
for (let i = 0; i < memberCount; i++) {
  const email = `load-${run}-${i}@example.com`;
  const signup = await json("/api/auth/signup", {
    method: "POST",
    headers: jsonHeaders,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (typeof signup.access_token !== "string") throw new Error(`sign-up failed: ${JSON.stringify(signup)}`);
  members.push({ email, token: signup.access_token });
}

// What a browser on the site sends with its beacons and clicks.
const sameSite = { "sec-fetch-site": "same-origin", origin: base, referer: `${base}/` };
const SEARCHES = ["writer", "image generator", "transcribe meetings", "code", "video editing", "chatbot", "logo maker"];
const pick = <T>(list: T[], i: number) => list[i % list.length] as T;
const visitorRequests: autocannon.Request[] = [
  { method: "GET", path: "/" },
  ...tools.slice(0, 12).map((t) => ({ method: "GET" as const, path: `/tool/${t.slug}` })),
  ...categories.slice(0, 4).map((c) => ({ method: "GET" as const, path: `/category/${c.slug}` })),
  ...SEARCHES.map((q) => ({ method: "GET" as const, path: `/api/tools/?search=${encodeURIComponent(q)}&limit=12` })),
  { method: "GET", path: "/api/tools/?pricing=freemium&sort=saves&limit=12" },
  ...tools
    .slice(0, 6)
    .map((t) => ({ method: "POST" as const, path: `/api/tools/${t.id}/view`, headers: { ...sameSite } })),
  ...tools
    .slice(0, 3)
    .map((t) => ({ method: "POST" as const, path: `/api/tools/${t.id}/track-click`, headers: { ...sameSite } })),
];

/** Latencies and unexpected answers of the paced streams (members, sign-ins). */
type Stream = { latencies: number[]; unexpected: number; statuses: Record<string, number> };
const newStream = (): Stream => ({ latencies: [], unexpected: 0, statuses: {} });
async function timed(stream: Stream, path: string, init: RequestInit) {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, init).catch(() => null);
  await response?.arrayBuffer();
  stream.latencies.push(performance.now() - started);
  const status = String(response?.status ?? "error");
  stream.statuses[status] = (stream.statuses[status] ?? 0) + 1;
  if (!response || response.status >= 400) stream.unexpected++;
}
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
};
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Each member saves a tool and later unsaves it, one action every 20-40 s, until `until`. */
async function membersAct(until: number, stream: Stream) {
  await Promise.all(
    members.map(async (member, m) => {
      await wait(Math.random() * 20_000);
      for (let action = 0; Date.now() < until; action++) {
        const tool = pick(tools, m + Math.floor(action / 2));
        const headers = { authorization: `Bearer ${member.token}` };
        await timed(stream, `/api/tools/${tool.id}/save`, { method: action % 2 ? "DELETE" : "POST", headers });
        await wait(20_000 + Math.random() * 20_000);
      }
    }),
  );
}

/** One sign-in every 2 s, cycling through the members, until `until`. */
async function signIns(until: number, stream: Stream) {
  for (let i = 0; Date.now() < until; i++) {
    const next = Date.now() + 2000;
    const { email } = pick(members, i);
    await timed(stream, "/api/auth/signin", {
      method: "POST",
      headers: jsonHeaders,
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    await wait(Math.max(0, next - Date.now()));
  }
}

async function round(duration: number) {
  const until = Date.now() + duration * 1000;
  const saves = newStream();
  const auth = newStream();
  const [visitors] = await Promise.all([
    autocannon({ url: base, connections, duration, requests: visitorRequests }),
    membersAct(until, saves),
    signIns(until, auth),
  ]);
  const unexpected = visitors.non2xx + visitors.errors + visitors.timeouts + saves.unexpected + auth.unexpected;
  return { visitors, saves, auth, unexpected };
}

const health = () => json("/api/health");
const memory = async () => (await health()).memory_rss_mb as number | undefined;
const startMemory = await memory();
const { visitors, saves, auth, unexpected } = await round(seconds);
console.log(
  JSON.stringify({
    requests: visitors.requests.total,
    status_codes: Object.fromEntries(
      Object.entries(visitors.statusCodeStats ?? {}).map(([code, v]) => [code, (v as { count: number }).count]),
    ),
    req_per_s: visitors.requests.average,
    unexpected_statuses: unexpected,
    latency_p50_ms: visitors.latency.p50,
    latency_p99_ms: visitors.latency.p99,
    member_saves: saves.latencies.length,
    member_save_statuses: saves.statuses,
    save_p99_ms: percentile(saves.latencies, 99),
    sign_ins: auth.latencies.length,
    sign_in_statuses: auth.statuses,
    sign_in_p50_ms: percentile(auth.latencies, 50),
    sign_in_p99_ms: percentile(auth.latencies, 99),
    event_loop_delay_p99_ms: (await health()).event_loop_delay_p99_ms,
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
      requests: rounds.visitors.requests.total,
      unexpected_statuses: rounds.unexpected,
      latency_p50_ms: rounds.visitors.latency.p50,
      latency_p99_ms: rounds.visitors.latency.p99,
      sign_in_p99_ms: percentile(rounds.auth.latencies, 99),
      event_loop_delay_p99_ms: (await health()).event_loop_delay_p99_ms,
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
