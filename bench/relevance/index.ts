import MiniSearch from "minisearch";
import { openDb } from "../../db/client";
import { searchTools } from "../../db/queries/tools";
import { seed } from "../../db/seed";
import { freshDb } from "../../db/testing";
import { dataset, percentile, record, timeEach } from "../lib";
import { queries, type RelevanceQuery } from "./queries";

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

/**
 * Relevance on the demo seed, ours vs MiniSearch (fuzzy 0.2, prefix, name boosted) over the same
 * tools, overall and on the misspelt queries.
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
  const all = (await searchTools(db, { limit: 1000, offset: 0 })).tools;
  close();

  const library = new MiniSearch({
    fields: ["name", "description", "category"],
    storeFields: ["slug"],
    searchOptions: { fuzzy: 0.2, prefix: true, boost: { name: 3 } },
  });
  library.addAll(
    all.map((t) => ({
      id: t.id,
      slug: t.slug,
      name: t.name,
      description: t.description,
      category: t.category_name ?? "",
    })),
  );
  const theirs = new Map<string, string[]>();
  for (const { q } of queries)
    theirs.set(
      q,
      library.search(q).map((r) => String(r.slug)),
    );

  const misspelt = queries.filter((q) => q.typo);
  for (const [label, set] of [
    [`all ${queries.length}`, queries],
    [`misspelt ${misspelt.length}`, misspelt],
  ] as const) {
    const a = score(set, ours);
    const b = score(set, theirs);
    record(
      {
        name: `search recall@5, ${label} queries, ours / MiniSearch`,
        value: a.recall,
        unit: "",
        reference: b.recall,
        aim: ">= 1",
      },
      a.recall / b.recall,
      a.recall >= b.recall,
    );
    record(
      {
        name: `search MRR, ${label} queries, ours / MiniSearch`,
        value: a.mrr,
        unit: "",
        reference: b.mrr,
        aim: ">= 1",
      },
      a.mrr / b.mrr,
      a.mrr >= b.mrr,
    );
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
