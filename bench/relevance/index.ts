import { create, insertMultiple, search as oramaSearch } from "@orama/orama";
import MiniSearch from "minisearch";
import { openDb } from "../../db/client";
import { searchTools } from "../../db/queries/tools";
import { seed } from "../../db/seed";
import { freshDb } from "../../db/testing";
import { dataset, percentile, record, timeEach } from "../lib";
import { kindOf, QUERY_KINDS, queries, type RelevanceQuery } from "./queries";

type Scores = { recall: number; mrr: number };

/** recall@5 (a wanted tool in the top 5) and mean reciprocal rank of the first wanted tool. */
function score(set: RelevanceQuery[], results: Map<string, string[]>): Scores {
  let found = 0;
  let reciprocal = 0;
  for (const { q, expect } of set) {
    const top = (results.get(q) ?? []).slice(0, 5);
    const rank = top.findIndex((slug) => expect.includes(slug));
    if (rank >= 0) {
      found++;
      reciprocal += 1 / (rank + 1);
    }
  }
  return { recall: found / set.length, mrr: reciprocal / set.length };
}

/** Relevance on the demo seed, then search latency at 10k tools. */
export async function relevanceFigures() {
  await relevanceScores();
  await latency(10_000);
}

/** What both libraries index of a tool: every attribute ours does (migration 0025). */
type Doc = {
  id: number;
  slug: string;
  name: string;
  description: string;
  category: string;
  tags: string;
  pricing: string;
  pros: string;
};
const FIELDS = ["name", "tags", "category", "pricing", "description", "pros"] as const;

/**
 * Relevance on the demo seed, ours vs MiniSearch (fuzzy 0.2, prefix, name boosted) and Orama
 * (typo tolerance 1, name boosted), both over the same tools and the same fields, overall, on
 * the misspelt queries and per kind of query.
 */
export async function relevanceScores() {
  const { db, close } = await freshDb();
  await seed(db, async () => "unused", null);
  const ours = new Map<string, string[]>();
  for (const { q } of queries) {
    ours.set(
      q,
      (await searchTools(db, { search: q, limit: 5, offset: 0 })).tools.map((t) => t.slug),
    );
  }
  const docs: Doc[] = (await searchTools(db, { limit: 1000, offset: 0 })).tools.map((t) => ({
    id: t.id,
    slug: t.slug,
    name: t.name,
    description: t.description,
    category: t.category_name ?? "",
    tags: (t.tags ?? []).map((g) => g.name).join(" "),
    pricing: t.pricing_type,
    pros: [...(t.pros_cons?.pros ?? []), ...(t.pros_cons?.cons ?? [])].join(" "),
  }));
  close();

  const mini = new MiniSearch<Doc>({
    fields: [...FIELDS],
    storeFields: ["slug"],
    searchOptions: { fuzzy: 0.2, prefix: true, boost: { name: 3, tags: 2 } },
  });
  mini.addAll(docs);
  const miniResults = new Map<string, string[]>();
  for (const { q } of queries)
    miniResults.set(
      q,
      mini.search(q).map((r) => String(r.slug)),
    );

  const orama = create({
    schema: {
      slug: "string",
      name: "string",
      tags: "string",
      category: "string",
      pricing: "string",
      description: "string",
      pros: "string",
    },
  });
  await insertMultiple(
    orama,
    docs.map(({ id: _, ...d }) => d),
  );
  const oramaResults = new Map<string, string[]>();
  for (const { q } of queries) {
    const found = await oramaSearch(orama, { term: q, tolerance: 1, boost: { name: 3, tags: 2 }, limit: 5 });
    oramaResults.set(
      q,
      found.hits.map((h) => String(h.document.slug)),
    );
  }

  const sets: [string, RelevanceQuery[]][] = [
    [`all ${queries.length}`, queries],
    [`misspelt ${queries.filter((q) => q.typo).length}`, queries.filter((q) => q.typo)],
    ...QUERY_KINDS.map((kind): [string, RelevanceQuery[]] => {
      const set = queries.filter((q) => kindOf(q) === kind);
      return [`${kind} ${set.length}`, set];
    }),
  ];
  for (const [label, set] of sets) {
    const a = score(set, ours);
    for (const [library, results] of [
      ["MiniSearch", miniResults],
      ["Orama", oramaResults],
    ] as const) {
      const b = score(set, results);
      for (const [figure, value, reference] of [
        ["recall@5", a.recall, b.recall],
        ["MRR", a.mrr, b.mrr],
      ] as const) {
        record(
          { name: `search ${figure}, ${label} queries, ours / ${library}`, value, unit: "", reference, aim: ">= 1" },
          reference === 0 ? 1 : value / reference,
          value >= reference,
        );
      }
    }
  }
  for (const { q, expect } of queries) {
    const top = ours.get(q) ?? [];
    if (!top.slice(0, 5).some((s) => expect.includes(s)))
      console.log(`  missed: "${q}" -> ${top.join(", ") || "(nothing)"}`);
  }
}

/** p50/p99 of a correct word, a misspelt word and two misspelt words, vs the correct word's p50. */
async function latency(tools: number) {
  const db = await openDb({ url: `file:${await dataset(tools)}` });
  const time = (search: string) => timeEach(300, () => searchTools(db, { search, limit: 12, offset: 0 }));
  await time("image");
  const correct = await time("image");
  const base = percentile(correct, 50);
  for (const [label, search] of [
    ["a correct word", "image"],
    ["a misspelt word", "imgae"],
    ["two misspelt words", "imgae vidoe"],
  ] as const) {
    const t = label === "a correct word" ? correct : await time(search);
    for (const p of [50, 99]) {
      const value = percentile(t, p);
      record(
        {
          name: `search p${p}, ${label} ("${search}"), ${tools} tools / correct word p50`,
          value,
          unit: "ms",
          reference: base,
          aim: p === 50 ? "<= 5" : "<= 20",
        },
        value / base,
        value / base <= (p === 50 ? 5 : 20),
      );
    }
  }
  db.$client.close();
}
