/**
 * The site renderer, forked by the scheduler (rebuild/render-process.ts) and driven over IPC.
 * Node runs this file as it is (types stripped, no loader): relative imports name their `.ts`.
 *
 * "build" runs a full Astro build into a fresh folder. The worker then stays alive holding
 * Astro's prerenderer for that build: "render" re-renders just the pages a change touched, with
 * the same compiled pages, assets and CSP hashes, and replaces their files in the live folder one
 * rename at a time. That is the incremental rebuild: milliseconds per page instead of a whole
 * build, with no change to how the pages are written.
 */
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { dirname, join, normalize, resolve, sep } from "node:path";
import type { AstroIntegration } from "astro";
import { build } from "astro";
import { renderSettings } from "../config/settings.ts";
import { recordReads } from "../db/page-reads.ts";
import { readContentVersion } from "../db/queries/site-state.ts";
import { SITEMAP_FILE } from "../lib/sitemap.ts";
import { CardQueue } from "./card-store.ts";
import { CodeFingerprint, writeCodeVersion } from "./code-version.ts";
import type { BuildRequest, RenderRequest, WorkerReply, WorkerRequest } from "./messages.ts";
import {
  DISCOVERY_FILE,
  linkUnchanged,
  readDiscovery,
  readInputs,
  replaceFile,
  writeDiscovery,
  writeInputs,
} from "./output.ts";
import { pagePath, ReadGraph } from "./read-graph.ts";
import {
  addScope,
  buildSnapshot,
  FULL_SCOPE,
  freshDiscovery,
  renderState,
  renewSnapshot,
  scopeOfPaths,
} from "./scope.ts";

// Astro's prerenderer interface (astro:build:start → setPrerenderer): only what is used here.
type RouteData = { route: string; type: string; prerender: boolean; pattern: RegExp };
type Render = (request: Request, options: { routeData: RouteData }) => Promise<{ response: Response }>;
type Prerenderer = {
  render: Render;
  app: { manifest: { routes: { routeData: RouteData }[] }; routeCache: { clearAll(): void } };
};

/** The project (this worker runs in a working folder of its own: see RenderWorker). */
const projectRoot = resolve(import.meta.dirname, "..");
let prerenderer: Prerenderer | null = null;
/**
 * What each page read in its latest render: filled by the full build (this worker's share of the
 * pages) and saved beside it; read back from the live build, whole, by the first incremental
 * pass, which then keeps it up.
 */
let graph: ReadGraph | null = null;
/** Where a page's render reports what it read (set around the full build and each pass). */
let onReads: ((path: string, keys: string[]) => void) | null = null;
/** The page files (.html) the full build under way has had Astro write. */
let pagesWritten = 0;
const settings = renderSettings();
const site = settings.PUBLIC_URL ?? "http://localhost:4321";
/**
 * The social cards the pages refer to, in the card store the scheduler names (absolute paths:
 * this process runs in a folder of its own): a full build leaves the missing ones pending (drawn
 * once it is live, see rebuild/card-drain.ts), an incremental pass draws its few at once.
 */
const cards = new CardQueue(resolve(settings.CARDS_DIR || "cards"), resolve(settings.MEDIA_DIR));
// SOCIAL_CARDS=false: no hook, so the pages name no card (and none is drawn).
if (settings.SOCIAL_CARDS) renderState().cards = (hash, input) => cards.want(hash, input);

/**
 * Renders a page to its last byte, so every read its body makes (a streamed page renders as it
 * is consumed) happens inside the record of what it read.
 */
async function renderWhole(render: Render, request: Request, options: { routeData: RouteData }) {
  const value = await render(request, options);
  const { status } = value.response;
  const none = value.response.body === null || status === 204 || status === 205 || status === 304;
  const body = await value.response.arrayBuffer();
  // A response without a body (a page whose record went) keeps none: Astro writes no file for it.
  return { ...value, response: new Response(none ? null : body, value.response) };
}

const keepPrerenderer: AstroIntegration = {
  name: "keep-prerenderer",
  hooks: {
    "astro:build:start": ({ setPrerenderer }) => {
      setPrerenderer((astroDefault) => {
        const kept = astroDefault as unknown as Prerenderer;
        prerenderer = kept;
        // Every page renders inside a record of what it reads, in the full build and in each pass.
        const render: Render = async (request, options) => {
          const { value, keys } = await recordReads(() => renderWhole(kept.render.bind(kept), request, options));
          onReads?.(new URL(request.url).pathname, keys);
          // Astro writes a page's file when its response has a body or redirects (generate.js);
          // counted here rather than by listing the output, which at 100k pages costs seconds and
          // a burst of memory.
          const { status, body } = value.response;
          if (options.routeData.type === "page" && (body !== null || (status >= 300 && status < 400))) pagesWritten++;
          return value;
        };
        return new Proxy(astroDefault, {
          get: (target, key) => {
            if (key === "render") return render;
            const value = Reflect.get(target, key, target);
            return typeof value === "function" ? value.bind(target) : value;
          },
        });
      });
    },
  },
};

/** A full build (see WorkerRequest), after which this worker stays warm for incremental passes. */
async function fullBuild({ outDir, scope = FULL_SCOPE, share, linkFrom, liveDir }: BuildRequest) {
  if (prerenderer) throw new Error("this worker has built already; start a new one");
  const state = renderState();
  state.scope = scope;
  state.share = share ?? null;
  // A full build computes alternatives afresh; a warm-up takes what the live build shows.
  state.discovery = { ...freshDiscovery(), plan: state.discovery.plan, saved: liveDir ? readDiscovery(liveDir) : null };
  process.env.SITE_OUT_DIR = outDir;
  cards.defer = true;
  const reads = new ReadGraph();
  onReads = (path, keys) => reads.set(path, keys);
  state.pass = new WeakMap();
  state.outputs = { live: new Map(), pending: new Map(), skip: false };
  pagesWritten = 0;
  const code = new CodeFingerprint(projectRoot);
  try {
    await build({ root: projectRoot, logLevel: "error", integrations: [keepPrerenderer, code.integration()] });
  } finally {
    onReads = null;
    state.pass = null;
  }
  // A warm-up writes it too: the scheduler compares it with the live build's.
  if ((share?.index ?? 0) === 0) writeCodeVersion(outDir, code.digest());
  // What this build's files were made from; a warm-up's files are not the live ones: it takes
  // what the live build's were made from.
  state.outputs.live = liveDir ? readInputs(liveDir) : state.outputs.pending;
  state.outputs.pending = new Map();
  if (!liveDir && (share?.index ?? 0) === 0) writeInputs(outDir, state.outputs.live);
  reads.save(outDir, share?.index ?? 0);
  // The first pass reads the whole build's graph back (this worker holds its share of it).
  graph = null;
  if (state.discovery.current) writeDiscovery(outDir, state.discovery.current);
  const drawn = await cards.drain();
  // Each worker links its own part, so the comparing is split across them too.
  return { pages: pagesWritten, linked: linkFrom ? linkUnchanged(outDir, linkFrom) : 0, cards: drawn };
}

/**
 * The content version this worker's snapshot reads: opened on the first call, moved to the
 * latest commits on the next (the workers of a split build disagreed). A remote database has no
 * snapshot (see site/lib/data.ts): null.
 */
async function snapshotVersion(): Promise<string | null> {
  const url = settings.DATABASE_URL;
  if (!url.startsWith("file:")) return null;
  const opened = renderState().snapshot !== null;
  const snapshot = await buildSnapshot(url);
  if (opened) await snapshot.renew();
  return readContentVersion(snapshot.view);
}

/** The file a static build writes for a path (directory format: /tool/x → tool/x/index.html). */
function outputFile(dir: string, path: string, route: RouteData): string {
  const root = normalize(resolve(dir));
  const clean = path.replace(/\/+$/, "");
  const file =
    route.type === "endpoint"
      ? join(root, clean)
      : route.route === "/404"
        ? join(root, "404.html")
        : join(root, clean, "index.html");
  if (!normalize(file).startsWith(root + sep)) throw new Error(`path outside the site: ${path}`);
  return file;
}

function routeFor(path: string): RouteData {
  if (!prerenderer) throw new Error("no build in this worker");
  const clean = path.replace(/\/+$/, "") || "/";
  const routes = prerenderer.app.manifest.routes.map((r) => r.routeData).filter((r) => r.prerender);
  const route = routes.find((r) => r.pattern.test(clean) || r.pattern.test(`${clean}/`));
  if (!route) throw new Error(`no page renders ${path}`);
  return route;
}

/** One incremental pass (see WorkerRequest): the planned pages, their readers, the changed tools' moves. */
async function render(request: RenderRequest) {
  const { dir, paths: planned, remove: removed, scope: given, changed, keys, readers: carried } = request;
  const { readersPerPass, batchMs } = request;
  if (!prerenderer) throw new Error("no build in this worker");
  const state = renderState();
  const discovery = state.discovery;
  if (!discovery.plan) throw new Error("the pages did not register their alternatives planner");
  if (!discovery.current && !discovery.saved) {
    discovery.saved = readDiscovery(dir);
    if (!discovery.saved) throw new Error(`no ${DISCOVERY_FILE} beside the live build: it needs a full build`);
  }
  state.scope = given;
  state.share = null;
  state.pass = new WeakMap();
  state.outputs.skip = true;
  state.outputs.pending.clear();
  cards.defer = false;
  await renewSnapshot();
  // getStaticPaths() results are cached per route: drop them so this pass reads the new data.
  prerenderer.app.routeCache.clearAll();
  graph ??= ReadGraph.read(dir);
  if (!graph) throw new Error("no page reads beside the live build: it needs a full build");
  // Alternatives and comparisons move only with tools.
  const plan = changed.length > 0 ? await discovery.plan(changed) : null;
  const gone = new Set([...removed, ...(plan?.remove ?? [])].map(pagePath));
  // The pages that read a changed category, article or image, as the graph knows them: the
  // first `readersPerPass` now, the rest in the passes the scheduler sends next.
  const reading = [...new Set([...carried, ...graph.readersOf(keys)])].filter(
    (path) => !gone.has(path) && !planned.includes(path),
  );
  const readers = reading.slice(0, readersPerPass);
  const deferred = reading.slice(readersPerPass);
  const paths = [...new Set([...planned, ...(plan?.paths ?? []), ...readers])];
  // A pass moving tools plans every file of the sitemap: one past them is left from a longer one.
  // (Readers of a record may list only some of them: a batch holds part of the readers.)
  const sitemap = (plan?.paths ?? []).filter((path) => SITEMAP_FILE.test(path.slice(1)));
  const stale = sitemap.length
    ? readdirSync(dir).flatMap((name) => (SITEMAP_FILE.test(name) && !sitemap.includes(`/${name}`) ? [`/${name}`] : []))
    : [];
  const remove = [...new Set([...removed, ...(plan?.remove ?? []), ...stale])].filter((path) => !paths.includes(path));
  state.scope = addScope(addScope(given, plan?.scope ?? {}), scopeOfPaths(readers));
  discovery.next = plan?.next ?? null;
  try {
    // Readers render until the batch's time is up (at least one): a change made meanwhile waits
    // for no more than that, however costly the pages.
    const deadline = performance.now() + batchMs;
    const required = new Set([...planned, ...(plan?.paths ?? [])]);
    const optional = new Set(readers.filter((path) => !required.has(path)));
    const more = () => performance.now() < deadline;
    const { skipped, ...counts } = await renderPaths(dir, paths, remove, (path) => !optional.has(path) || more());
    if (plan) {
      discovery.current = plan.next;
      writeDiscovery(dir, plan.next);
    }
    return { ...counts, deferred: [...skipped, ...deferred] };
  } finally {
    discovery.next = null;
    state.pass = null;
  }
}

/** Whether a render failed because no static path of the route matched (Astro's error). */
function notListed(error: unknown): boolean {
  return error instanceof Error && `${error.name} ${error.message}`.includes("NoMatchingStaticPathFound");
}

/**
 * Renders `paths` (each while `go` says so: the others are `skipped`), then writes them all and
 * removes the files of `removing`, and of any page found gone while rendering.
 */
async function renderPaths(
  dir: string,
  paths: string[],
  removing: string[],
  go: (path: string) => boolean = () => true,
) {
  if (!prerenderer || !graph) throw new Error("no build in this worker");
  const remove = [...removing];
  const pages: { file: string; body: Buffer }[] = [];
  const reads = new Map<string, string[]>();
  const render = prerenderer.render.bind(prerenderer);
  const skipped: string[] = [];
  let rendered = 0;
  for (const path of paths) {
    if (rendered > 0 && !go(path)) {
      skipped.push(path);
      continue;
    }
    rendered++;
    const route = routeFor(path);
    const request = new Request(new URL(path, site));
    let result: Awaited<ReturnType<typeof recordReads<{ response: Response }>>>;
    try {
      result = await recordReads(() => renderWhole(render, request, { routeData: route }));
    } catch (error) {
      // Its route no longer lists it: the record went since the page was planned (a reader
      // carried over from an earlier pass). Its file goes, as a 404's does.
      if (!notListed(error)) throw error;
      remove.push(path);
      continue;
    }
    const {
      value: { response },
      keys,
    } = result;
    reads.set(path, keys);
    // Made from what its live file was made from (see sameInputs): the file stays.
    if (response.status === 304) continue;
    if (response.status !== 200) {
      // A record missing from this snapshot (deleted meanwhile): its page or feed goes too.
      if (response.status === 404) remove.push(path);
      else throw new Error(`${path} rendered ${response.status}`);
      continue;
    }
    pages.push({ file: outputFile(dir, path, route), body: Buffer.from(await response.arrayBuffer()) });
  }
  // Every card a page names is on disk (drawn, or pending from a full build) before the page goes live.
  const drawn = await cards.drain();
  // Every page is rendered before any file changes, so a failed pass changes nothing.
  for (const page of pages) {
    mkdirSync(dirname(page.file), { recursive: true });
    replaceFile(page.file, page.body);
  }
  let removed = 0;
  for (const path of remove) {
    const file = outputFile(dir, path, routeFor(path));
    for (const suffix of [".br", ".gz", ""]) rmSync(`${file}${suffix}`, { force: true });
    removed++;
  }
  for (const [path, keys] of reads) graph.set(path, keys);
  for (const path of remove) graph.remove(path);
  const outputs = renderState().outputs;
  let moved = false;
  for (const [path, digest] of outputs.pending) {
    moved ||= outputs.live.get(path) !== digest;
    outputs.live.set(path, digest);
  }
  outputs.pending.clear();
  for (const path of remove) moved = outputs.live.delete(path) || moved;
  if (moved) writeInputs(dir, outputs.live);
  // Saved for a renderer started later (one file for the whole build from now on).
  if (graph.dirty) graph.save(dir, 0, true);
  return { written: pages.length, removed, cards: drawn, skipped };
}

function reply(message: WorkerReply) {
  process.send?.(message);
}

process.on("message", async (message: WorkerRequest) => {
  try {
    if (message.type === "build") {
      reply({ type: "built", ...(await fullBuild(message)) });
    } else if (message.type === "snapshot") {
      reply({ type: "snapshot", content: await snapshotVersion() });
    } else {
      reply({ type: "rendered", ...(await render(message)) });
    }
  } catch (error) {
    reply({ type: "failed", error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
// The server going away takes the worker with it.
process.on("disconnect", () => process.exit(0));
