/**
 * The incremental renderer's promise, checked against random histories: whatever series of
 * changes the API makes, the live build, kept up by incremental passes (and the full builds some
 * changes take), holds byte for byte the files a fresh full build of the same database writes.
 * Changes go through the real API, which reports them to the builder as a server does
 * (scripts/start.ts). A failure prints its seed and path: PROPERTY_SEED and PROPERTY_PATH replay it.
 */
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../api/app";
import { signToken } from "../api/tokens";
import { loadSettings } from "../config/settings";
import { type Db, migrateDb, openDb } from "../db/client";
import { createArticle } from "../db/queries/articles";
import { createCategory } from "../db/queries/categories";
import { createTag } from "../db/queries/tags";
import { createTool } from "../db/queries/tools";
import { createUser, setSubscription } from "../db/queries/users";
import { FeaturePeriods } from "../jobs/feature-periods";
import { isBuildStateFile } from "./output";
import { SiteBuilder } from "./scheduler";

/**
 * Fixed so a failure reproduces, and printed in the test's name; PROPERTY_SEED and PROPERTY_RUNS
 * explore other histories (a failing one is then kept among the examples below).
 */
const SEED = Number(process.env.PROPERTY_SEED ?? 20260517);
const RUNS = Number(process.env.PROPERTY_RUNS ?? 6);
const MAX_CHANGES = 6;

const WORDS = ["refactoring", "upscaling", "transcripts", "summaries", "diagrams", "podcasts", "code", "images"];

let dir: string;
let db: Db;
let builder: SiteBuilder;
let reference: SiteBuilder;
let call: (method: string, path: string, token: string, body?: unknown) => Promise<{ status: number; body: any }>;
let admin: string;
let app: ReturnType<typeof createApp>;
/** Ends features that ran out, as the server does once a minute (scripts/start.ts). */
let periods: FeaturePeriods;
const members: { id: number; token: string }[] = [];
/** What the builder under test logged: every change after the first build is rendered in place. */
const builderLog: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "aitools-property-"));
  const url = `file:${join(dir, "app.db")}`;
  db = await openDb({ url });
  await migrateDb(db);
  const settings = loadSettings({
    NODE_ENV: "test",
    DATABASE_URL: url,
    JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
    WRITE_RATE_LIMIT: "100000",
  } as NodeJS.ProcessEnv);
  builder = new SiteBuilder({
    db,
    siteDir: join(dir, "site"),
    databaseUrl: url,
    debounceMs: 10,
    workers: 1,
    // Small batches, so the histories also cover changes read by more pages than one pass renders.
    readersPerPass: 3,
    // One reader a batch (the least a batch renders): readers are left over and carried on.
    readersBatchMs: 0,
    log: (message) => builderLog.push(message),
  });
  reference = new SiteBuilder({
    db,
    siteDir: join(dir, "reference"),
    databaseUrl: url,
    debounceMs: 10,
    workers: 1,
    log: () => {},
  });
  // As a server reports changes to its builder (scripts/start.ts).
  app = createApp({
    db,
    settings,
    stripe: null,
    onContentChange: (reason, tools, tags, records) =>
      builder.apply({ type: "content-change", reason, tools, tags, records }),
  });
  periods = new FeaturePeriods(db, (reason, tools) => builder.apply({ type: "content-change", reason, tools }));
  call = async (method, path, token, body) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await app.request(`http://localhost/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const token = async (email: string, role: "user" | "admin") => {
    const user = await createUser(db, email, "x", role);
    if (!user) throw new Error(`could not create ${email}`);
    return { id: user.id, token: await signToken(settings.jwtSecret, user.id, 0, "1h") };
  };
  admin = (await token("admin@example.com", "admin")).token;
  for (const name of ["ann", "bob", "cy"]) members.push(await token(`${name}@example.com`, "user"));
  await setSubscription(db, members[0]?.id ?? 0, "pro");

  // A small catalogue: two categories, three tags, seven tools sharing words and tags, an article.
  const writing = await createCategory(db, { name: "Writing", slug: "writing" });
  const coding = await createCategory(db, { name: "Coding", slug: "coding" });
  const tagIds: number[] = [];
  for (const name of ["Assistants", "Audio", "Open Source"]) tagIds.push((await createTag(db, { name })).id);
  const seed = [
    ["Quill", "Drafts summaries of podcasts", writing.id, [0]],
    ["Scribe", "Summaries and transcripts of meetings", writing.id, [0, 1]],
    ["Inkwell", "Writes blog posts", writing.id, []],
    ["Pagewise", "Diagrams from notes", writing.id, [2]],
    ["Refactor Pro", "Refactoring code by the file", coding.id, [2]],
    ["Linty", "Reviews code and suggests refactoring", coding.id, [0, 2]],
    ["Pixel Lift", "Upscaling images", null, [1]],
  ] as const;
  for (const [name, description, category_id, tags] of seed) {
    await createTool(
      db,
      { name, description, category_id, tag_ids: tags.map((i) => tagIds[i] ?? 0), pricing_type: "free" },
      null,
    );
  }
  await createArticle(db, {
    title: "Choosing a writing assistant",
    slug: "choosing-a-writing-assistant",
    excerpt: "What to look for",
    content: "Look for [Quill](/tool/quill).",
    status: "published",
  } as never);
  expect(await builder.now("catalogue ready")).toBe(true);
}, 600_000);

afterAll(() => {
  builder?.close();
  reference?.close();
  db?.$client.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Every file of a build but the server's own state and the compressed copies it derives. */
function files(root: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || isBuildStateFile(entry.name) || /\.(br|gz)$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    found.set(path.slice(root.length), readFileSync(path));
  }
  return found;
}

/** The ids of what the database holds now, for changes to pick among. */
async function ids(table: "tools" | "categories" | "tags" | "articles"): Promise<number[]> {
  const rows = await db.$client.execute(`SELECT id FROM ${table} ORDER BY id`);
  return rows.rows.map((r) => Number(r.id));
}
const pick = <T>(list: T[], n: number): T | undefined => list[n % Math.max(1, list.length)];

type Change = { label: string; apply: () => Promise<void> };

/**
 * Saves an admin record as the back office does: the whole record with the patch applied (a
 * refused change, such as a slug another record holds, changes nothing).
 */
async function edit(resource: "categories" | "content", id: number, patch: Record<string, unknown>) {
  const { body } = await call("GET", `/admin/${resource}/${id}`, admin);
  const { status } = await call("PUT", `/admin/${resource}/${id}`, admin, { ...body, ...patch });
  expect([200, 409]).toContain(status);
}

const description = fc
  .array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 })
  .map((words) => `Helps with ${words.join(" and ")}`);

const save = (c: { n: number; u: number; saved: boolean }): Change => ({
  label: `${c.saved ? "save" : "unsave"} tool #${c.n} by member ${c.u}`,
  apply: async () => {
    const id = pick(await ids("tools"), c.n);
    if (id) await call(c.saved ? "POST" : "DELETE", `/tools/${id}/save`, members[c.u]?.token ?? "");
  },
});

/** One change through the API; `n`s pick among the records there are when it applies. */
const change: fc.Arbitrary<Change> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .record({ name: fc.constantFrom("Nova", "Echo", "Atlas"), description, n: fc.nat(), t: fc.nat() })
      .map((c) => ({
        label: `create ${c.name}: ${c.description}`,
        apply: async () => {
          const category = pick([...(await ids("categories")), null], c.n);
          const tag = pick(await ids("tags"), c.t);
          await call("POST", "/admin/tools", admin, {
            name: c.name,
            description: c.description,
            category_id: category,
            tag_ids: tag ? [tag] : [],
          });
        },
      })),
  },
  {
    weight: 1,
    arbitrary: fc.record({ name: fc.constantFrom("Lumen", "Vega"), description, n: fc.nat() }).map((c) => ({
      label: `member submits ${c.name}`,
      apply: async () => {
        const category = pick(await ids("categories"), c.n);
        await call("POST", "/tools", members[1]?.token ?? "", {
          name: c.name,
          description: c.description,
          category_id: category,
        });
      },
    })),
  },
  {
    weight: 5,
    arbitrary: fc
      .record({
        n: fc.nat(),
        m: fc.nat(),
        patch: fc.oneof(
          description.map((d) => ({ description: d }) as Record<string, unknown>),
          fc.constantFrom("Renamed", "Quill Two").map((name) => ({ name })),
          fc.constantFrom("free", "freemium", "paid").map((pricing_type) => ({ pricing_type })),
          fc.constant({ category: true }),
          fc.constant({ tags: true }),
          fc.boolean().map((is_featured) => ({ is_featured })),
        ),
      })
      .map((c) => ({
        label: `edit tool #${c.n}: ${JSON.stringify(c.patch)} (${c.m})`,
        apply: async () => {
          const id = pick(await ids("tools"), c.n);
          if (!id) return;
          const patch: Record<string, unknown> = { ...c.patch };
          if (patch.category) patch.category_id = pick([...(await ids("categories")), null], c.m);
          if (patch.tags) {
            const tags = await ids("tags");
            patch.tag_ids = tags.filter((_, i) => (c.m >> i) & 1);
          }
          delete patch.category;
          delete patch.tags;
          await call("PUT", `/admin/tools/${id}`, admin, patch);
        },
      })),
  },
  {
    weight: 1,
    arbitrary: fc.nat().map((n) => ({
      label: `delete tool #${n}`,
      apply: async () => {
        const id = pick(await ids("tools"), n);
        if (id) await call("DELETE", `/admin/tools/${id}`, admin);
      },
    })),
  },
  {
    weight: 2,
    arbitrary: fc.record({ n: fc.nat(), u: fc.nat(2), rating: fc.integer({ min: 1, max: 5 }) }).map((c) => ({
      label: `review tool #${c.n} by member ${c.u}: ${c.rating}`,
      apply: async () => {
        const id = pick(await ids("tools"), c.n);
        if (id)
          await call("POST", `/reviews/tool/${id}`, members[c.u]?.token ?? "", {
            rating: c.rating,
            comment: "Tried it",
          });
      },
    })),
  },
  // Saves more often than unsaves, so counts grow and move tools in the directory's order.
  { weight: 3, arbitrary: fc.record({ n: fc.nat(), u: fc.nat(2), saved: fc.boolean() }).map(save) },
  { weight: 1, arbitrary: fc.record({ n: fc.nat(), u: fc.nat(2), saved: fc.constant(true) }).map(save) },
  {
    weight: 1,
    arbitrary: fc.record({ n: fc.nat(), name: fc.constantFrom("Prose", "Dev Tools") }).map((c) => ({
      label: `rename category #${c.n} to ${c.name}`,
      apply: async () => {
        const id = pick(await ids("categories"), c.n);
        if (id) await edit("categories", id, { name: c.name });
      },
    })),
  },
  {
    weight: 1,
    arbitrary: fc.record({ n: fc.nat(), name: fc.constantFrom("Helpers", "Sound") }).map((c) => ({
      label: `rename tag #${c.n} to ${c.name}`,
      apply: async () => {
        const id = pick(await ids("tags"), c.n);
        if (id) await call("PUT", `/admin/tags/${id}`, admin, { name: c.name });
      },
    })),
  },
  {
    weight: 1,
    arbitrary: fc.nat().map((n) => ({
      label: `feature tool #${n} until yesterday, then its feature ends`,
      apply: async () => {
        const id = pick(await ids("tools"), n);
        if (!id) return;
        const until = new Date(Date.now() - 86_400_000).toISOString();
        await call("PUT", `/admin/tools/${id}`, admin, { is_featured: true, featured_until: until });
        await builder.settled();
        await periods.run();
      },
    })),
  },
  {
    weight: 1,
    arbitrary: fc.record({ a: fc.nat(), b: fc.nat() }).map((c) => ({
      label: `compare tools #${c.a} and #${c.b}`,
      apply: async () => {
        const tools = await ids("tools");
        const [a, b] = [pick(tools, c.a), pick(tools, c.b)];
        if (a && b && a !== b)
          await call("POST", "/admin/comparisons", admin, { tool_a_id: a, tool_b_id: b, verdict_a: "Cheaper" });
      },
    })),
  },
  {
    weight: 1,
    arbitrary: fc.nat().map((n) => ({
      label: `delete tag #${n}`,
      apply: async () => {
        const id = pick(await ids("tags"), n);
        if (id) await call("DELETE", `/admin/tags/${id}`, admin);
      },
    })),
  },
  {
    weight: 1,
    arbitrary: fc.record({ name: fc.constantFrom("Research", "Video"), description }).map((c) => ({
      label: `create category ${c.name}`,
      apply: async () => {
        await call("POST", "/admin/categories", admin, { name: c.name, description: c.description });
      },
    })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        n: fc.nat(),
        patch: fc.oneof(
          fc.constantFrom("prose", "dev-tools", "writing").map((slug) => ({ slug }) as Record<string, unknown>),
          description.map((d) => ({ description: d, faq: [{ question: "Why?", answer: d, order: 0 }] })),
        ),
      })
      .map((c) => ({
        label: `edit category #${c.n}: ${JSON.stringify(c.patch)}`,
        apply: async () => {
          const id = pick(await ids("categories"), c.n);
          if (id) await edit("categories", id, c.patch);
        },
      })),
  },
  {
    weight: 1,
    arbitrary: fc.nat().map((n) => ({
      label: `delete category #${n}`,
      apply: async () => {
        const id = pick(await ids("categories"), n);
        if (id) await call("DELETE", `/admin/categories/${id}`, admin);
      },
    })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ title: fc.constantFrom("Notes on audio", "A guide to code review"), published: fc.boolean() })
      .map((c) => ({
        label: `write article "${c.title}" (${c.published ? "published" : "draft"})`,
        apply: async () => {
          await call("POST", "/admin/content", admin, {
            title: c.title,
            slug: c.title.toLowerCase().replaceAll(" ", "-"),
            excerpt: "Short",
            content: `All about ${c.title}.`,
            status: c.published ? "published" : "draft",
          });
        },
      })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        n: fc.nat(),
        patch: fc.oneof(
          fc.constantFrom("renamed-guide", "choosing-a-writing-assistant").map((slug) => ({ slug })),
          fc.constantFrom("Picking tools", "Better drafts").map((title) => ({ title })),
        ),
      })
      .map((c) => ({
        label: `edit article #${c.n}: ${JSON.stringify(c.patch)}`,
        apply: async () => {
          const id = pick(await ids("articles"), c.n);
          if (id) await edit("content", id, c.patch);
        },
      })),
  },
  {
    weight: 1,
    arbitrary: fc.nat().map((n) => ({
      label: `delete article #${n}`,
      apply: async () => {
        const id = pick(await ids("articles"), n);
        if (id) await call("DELETE", `/admin/content/${id}`, admin);
      },
    })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        description,
        category: fc.constantFrom("Writing", "Coding", ""),
        tags: fc.constantFrom("Audio", "Audio|Video", ""),
      })
      .map((c) => ({
        label: `import a CSV: Quill and Comet (${c.category || "no category"}, tags ${c.tags || "none"})`,
        apply: async () => {
          const categories = (await call("GET", "/categories", admin)).body as { name: string }[];
          // A category the history deleted or renamed is an unknown one: the import is refused.
          const category = categories.some((x) => x.name === c.category) ? c.category : "";
          const csv = [
            "name,description,website_url,pricing_type,category,tags",
            `Quill,${c.description},https://quill.example,freemium,${category},${c.tags}`,
            `Comet,${c.description},https://comet.example,free,${category},${c.tags}`,
          ].join("\n");
          const form = new FormData();
          form.set("file", new File([csv], "tools.csv", { type: "text/csv" }));
          const res = await app.request("http://localhost/api/admin/tools/upload-csv", {
            method: "POST",
            headers: { authorization: `Bearer ${admin}` },
            body: form,
          });
          expect(res.status).toBe(200);
        },
      })),
  },
  {
    weight: 1,
    arbitrary: fc.record({ n: fc.nat(), published: fc.boolean() }).map((c) => ({
      label: `${c.published ? "publish" : "unpublish"} article #${c.n}`,
      apply: async () => {
        const id = pick(await ids("articles"), c.n);
        if (id) await edit("content", id, { status: c.published ? "published" : "draft" });
      },
    })),
  },
);

/** A change, and whether its passes run before the next one arrives (or they share one). */
const history = fc.array(fc.tuple(change, fc.boolean()), { minLength: 1, maxLength: MAX_CHANGES });

/** Histories that once diverged, run before the random ones. */
const REGRESSIONS: [[Change, boolean][]][] = [
  // A save changed the count a tool's page shows, its place in the directory's order and the
  // most-saved comparison pages, and rendered nothing.
  [[[save({ n: 0, u: 0, saved: true }), false]]],
];

describe(`incremental passes after random changes (seed ${SEED}, ${RUNS} runs of up to ${MAX_CHANGES} changes)`, () => {
  it("leave the live build byte for byte a fresh full build of the same database", async () => {
    const log: string[][] = [];
    try {
      await fc.assert(
        fc.asyncProperty(history, async (changes) => {
          log.push(changes.map(([c]) => c.label));
          const logged = builderLog.length;
          for (const [c, settle] of changes) {
            await c.apply();
            if (settle) await builder.settled();
          }
          await builder.settled();
          // Every change was rendered in place: no full build, no failed pass.
          expect(
            builderLog.slice(logged).filter((line) => /^site (built|build failed|update failed)/.test(line)),
          ).toEqual([]);
          expect(await reference.now("reference")).toBe(true);
          const full = files(realpathSync(reference.currentDir));
          const live = files(realpathSync(builder.currentDir));
          const missing = [...full.keys()].filter((path) => !live.has(path));
          const extra = [...live.keys()].filter((path) => !full.has(path));
          const differing = [...full].filter(([path, body]) => live.has(path) && !live.get(path)?.equals(body));
          // PROPERTY_DEBUG=1: both copies of each differing file are left in the temp folder to compare.
          for (const [path, body] of process.env.PROPERTY_DEBUG ? differing : []) {
            const name = path.replaceAll("/", "_");
            writeFileSync(join(tmpdir(), `property-full${name}`), body);
            writeFileSync(join(tmpdir(), `property-live${name}`), live.get(path) ?? "");
          }
          expect({ missing, extra, differing: differing.map(([path]) => path) }).toEqual({
            missing: [],
            extra: [],
            differing: [],
          });
        }),
        // Each run builds the site in full: no shrinking (histories build on the runs before).
        {
          seed: SEED,
          ...(process.env.PROPERTY_PATH ? { path: process.env.PROPERTY_PATH } : {}),
          numRuns: RUNS + REGRESSIONS.length,
          endOnFailure: true,
          // Histories that once diverged, run first. A save changed the count a tool's page shows
          // and its place in the directory's order, and rendered nothing.
          examples: [[[[save({ n: 0, u: 0, saved: true }), false]]]],
        },
      );
    } finally {
      // The histories run, a failing one last (each builds on those before it).
      console.log(log.map((changes, run) => `run ${run + 1}: ${changes.join("; ")}`).join("\n"));
    }
  }, 1_800_000);
});
