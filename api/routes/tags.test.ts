import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory } from "../../db/queries/categories";
import { upsertReview } from "../../db/queries/reviews";
import { createTag } from "../../db/queries/tags";
import { createTool, updateTool } from "../../db/queries/tools";
import { createUser } from "../../db/queries/users";
import { createHarness, type Harness } from "../testing/harness";

let h: Harness;
let admin: { token: string; id: number };
let member: { token: string; id: number };
let writing: number;
beforeAll(async () => {
  h = await createHarness();
  admin = await h.user({ role: "admin" });
  member = await h.user();
  writing = (await createCategory(h.db, { name: "Writing", slug: "writing" })).id;
});
afterAll(async () => h.close());

type Named = { name: string; slug: string };
const tagSlugs = (tool: { tags: Named[] }) => tool.tags.map((t) => t.slug);

async function newTag(name: string, description = "") {
  const res = await h.call("POST", "/api/admin/tags", { token: admin.token, body: { name, description } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string; slug: string; description: string; tools_count: number };
}

describe("tags in the admin", () => {
  it("are created, listed with their tool counts, edited and deleted", async () => {
    const tag = await newTag("Open Source", "Code you can read");
    expect(tag).toMatchObject({ name: "Open Source", slug: "open-source", description: "Code you can read" });
    const page = await h.call("GET", '/api/admin/tags?range=[0,9]&sort=["name","ASC"]&filter={"q":"open"}', {
      token: admin.token,
    });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-range")).toBe("tags 0-0/1");
    expect(page.body[0]).toMatchObject({ id: tag.id, tools_count: 0 });
    expect((await h.call("GET", `/api/admin/tags/${tag.id}`, { token: admin.token })).body.slug).toBe("open-source");

    const edited = await h.call("PUT", `/api/admin/tags/${tag.id}`, {
      token: admin.token,
      body: { ...tag, description: "Source code is public" },
    });
    expect(edited.body).toMatchObject({ slug: "open-source", description: "Source code is public" });

    const deleted = await h.call("DELETE", `/api/admin/tags/${tag.id}`, { token: admin.token });
    expect(deleted.body).toEqual({ id: tag.id, detail: "Tag deleted" });
    expect((await h.call("GET", `/api/admin/tags/${tag.id}`, { token: admin.token })).status).toBe(404);
    expect((await h.call("DELETE", `/api/admin/tags/${tag.id}`, { token: admin.token })).status).toBe(404);
  });

  it("refuse a name another tag has in any letter case, Latin or not, with 409", async () => {
    const first = await newTag("Voice Cloning");
    for (const name of ["voice cloning", "VOICE CLONING", " Voice Cloning "]) {
      const res = await h.call("POST", "/api/admin/tags", { token: admin.token, body: { name } });
      expect(res.status, name).toBe(409);
      expect(res.body.detail).toMatch(/already exists/);
    }
    await newTag("Ärzte");
    expect((await h.call("POST", "/api/admin/tags", { token: admin.token, body: { name: "ärzte" } })).status).toBe(409);
    const other = await newTag("Speech");
    const renamed = await h.call("PUT", `/api/admin/tags/${other.id}`, {
      token: admin.token,
      body: { name: "voice CLONING" },
    });
    expect(renamed.status).toBe(409);
    expect((await h.call("GET", `/api/admin/tags/${first.id}`, { token: admin.token })).body.name).toBe(
      "Voice Cloning",
    );
  });

  it("give every tag a slug of its own by the site's slug rule, in any script", async () => {
    expect((await newTag("C++")).slug).toBe("c");
    expect((await newTag("C#")).slug).toBe("c-2");
    expect((await newTag("Рисование")).slug).toBe("risovanie");
    expect((await newTag("🔥 Hot")).slug).toBe("hot");
    for (const name of ["   ", "🔥", "--"]) {
      const bad = await h.call("POST", "/api/admin/tags", { token: admin.token, body: { name } });
      expect(bad.status, name).toBe(422);
      expect(bad.body.detail).toMatch(/^name: /);
    }
    const long = await h.call("POST", "/api/admin/tags", { token: admin.token, body: { name: "x".repeat(61) } });
    expect(long.status).toBe(422);
  });

  it("rename a tag: its name and slug change, and its tools keep it", async () => {
    const tag = await newTag("Chatbot");
    const tool = await createTool(h.db, { name: "Renamed Tag Tool", tag_ids: [tag.id] }, null);
    h.changes.length = 0;
    const res = await h.call("PUT", `/api/admin/tags/${tag.id}`, {
      token: admin.token,
      body: { name: "Chat Assistant" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Chat Assistant", slug: "chat-assistant", tools_count: 1 });
    const after = await h.call("GET", `/api/tools/${tool.id}`);
    expect(after.body.tags).toEqual([{ id: tag.id, name: "Chat Assistant", slug: "chat-assistant" }]);
    expect(h.changes).toEqual(["tag updated: chat-assistant"]);
    // A name whose slug the tag already has keeps it.
    const cased = await h.call("PUT", `/api/admin/tags/${tag.id}`, {
      token: admin.token,
      body: { name: "chat assistant" },
    });
    expect(cased.body).toMatchObject({ name: "chat assistant", slug: "chat-assistant" });
  });

  it("merge a tag into another: its tools carry the other, once, and it is gone", async () => {
    const from = await newTag("Text to Speech");
    const into = await newTag("TTS");
    const both = await createTool(h.db, { name: "Merge Both", tag_ids: [from.id, into.id] }, null);
    const onlyFrom = await createTool(h.db, { name: "Merge From", tag_ids: [from.id] }, null);
    const res = await h.call("POST", `/api/admin/tags/${from.id}/merge`, {
      token: admin.token,
      body: { into_id: into.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: into.id, tools_count: 2 });
    expect((await h.call("GET", `/api/admin/tags/${from.id}`, { token: admin.token })).status).toBe(404);
    for (const id of [both.id, onlyFrom.id]) {
      expect(tagSlugs((await h.call("GET", `/api/tools/${id}`)).body)).toEqual(["tts"]);
    }
    const self = await h.call("POST", `/api/admin/tags/${into.id}/merge`, {
      token: admin.token,
      body: { into_id: into.id },
    });
    expect(self.status).toBe(422);
    const unknown = await h.call("POST", `/api/admin/tags/${into.id}/merge`, {
      token: admin.token,
      body: { into_id: 999_999 },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail).toMatch(/into_id/);
    const gone = await h.call("POST", `/api/admin/tags/999999/merge`, {
      token: admin.token,
      body: { into_id: into.id },
    });
    expect(gone.status).toBe(404);
  });

  it("are the admin's only: a member gets 403 and a visitor 401, and nothing changes", async () => {
    const tag = await newTag("Guarded");
    const attempts: [string, string, unknown][] = [
      ["POST", "/api/admin/tags", { name: "Sneaky" }],
      ["PUT", `/api/admin/tags/${tag.id}`, { name: "Sneaky" }],
      ["POST", `/api/admin/tags/${tag.id}/merge`, { into_id: tag.id }],
      ["DELETE", `/api/admin/tags/${tag.id}`, undefined],
      ["GET", "/api/admin/tags", undefined],
    ];
    for (const [method, path, body] of attempts) {
      expect((await h.call(method, path, { body })).status, `${method} ${path}`).toBe(401);
      const res = await h.call(method, path, { token: member.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.detail).toBe("Admin access required");
    }
    expect((await h.call("GET", `/api/admin/tags/${tag.id}`, { token: admin.token })).body.name).toBe("Guarded");
  });
});

describe("tools and their tags", () => {
  let ai: number;
  let nocode: number;
  let api: number;
  beforeAll(async () => {
    ai = (await createTag(h.db, { name: "Summaries" })).id;
    nocode = (await createTag(h.db, { name: "No Code" })).id;
    api = (await createTag(h.db, { name: "Has API" })).id;
  });

  it("a member chooses up to 5 existing tags when submitting and editing", async () => {
    const created = await h.call("POST", "/api/tools/", {
      token: member.token,
      body: { name: "Tagged Submission", tag_ids: [nocode, ai, ai] },
    });
    expect(created.status).toBe(201);
    expect(created.body.tags).toEqual([
      { id: nocode, name: "No Code", slug: "no-code" },
      { id: ai, name: "Summaries", slug: "summaries" },
    ]);
    const edited = await h.call("PUT", `/api/tools/${created.body.id}`, {
      token: member.token,
      body: { tag_ids: [api] },
    });
    expect(edited.status).toBe(200);
    expect(tagSlugs(edited.body)).toEqual(["has-api"]);
    // Without tag_ids an edit leaves the tags alone; an empty list clears them.
    const renamed = await h.call("PUT", `/api/tools/${created.body.id}`, {
      token: member.token,
      body: { name: "Tagged 2" },
    });
    expect(tagSlugs(renamed.body)).toEqual(["has-api"]);
    const cleared = await h.call("PUT", `/api/tools/${created.body.id}`, {
      token: member.token,
      body: { tag_ids: [] },
    });
    expect(cleared.body.tags).toEqual([]);
  });

  it("refuses more than 5 tags or an unknown tag with 422 and a detail, leaving the tool as it was", async () => {
    const extra = [];
    for (const name of ["T1", "T2", "T3", "T4", "T5", "T6"]) extra.push((await createTag(h.db, { name })).id);
    const tooMany = await h.call("POST", "/api/tools/", { token: member.token, body: { name: "Six", tag_ids: extra } });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail).toMatch(/tag_ids: at most 5 tags/);
    const unknown = await h.call("POST", "/api/tools/", {
      token: member.token,
      body: { name: "Ghost", tag_ids: [ai, 987_654] },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail).toBe("tag_ids: unknown tag 987654");
    const tool = await createTool(h.db, { name: "Kept Tags", tag_ids: [ai] }, member.id);
    for (const tag_ids of [extra, [987_654], ["x"], [-1], "1,2", [1.5]]) {
      const res = await h.call("PUT", `/api/tools/${tool.id}`, { token: member.token, body: { tag_ids } });
      expect(res.status, JSON.stringify(tag_ids)).toBe(422);
      expect(res.body.detail).toMatch(/tag_ids/);
    }
    const admin422 = await h.call("PUT", `/api/admin/tools/${tool.id}`, {
      token: admin.token,
      body: { tag_ids: extra },
    });
    expect(admin422.status).toBe(422);
    expect(tagSlugs((await h.call("GET", `/api/tools/${tool.id}`)).body)).toEqual(["summaries"]);
  });

  it("every tool object carries its tags, and GET /api/tags counts them", async () => {
    const list = await h.call("GET", "/api/tools/?limit=100");
    expect(list.body.length).toBeGreaterThan(0);
    for (const tool of list.body) expect(Array.isArray(tool.tags)).toBe(true);
    const tags = await h.call("GET", "/api/tags");
    expect(tags.status).toBe(200);
    const summaries = tags.body.find((t: Named) => t.slug === "summaries");
    expect(summaries).toEqual({ id: ai, name: "Summaries", slug: "summaries", tools_count: 1 });
    expect(Object.keys(tags.body[0]).sort()).toEqual(["id", "name", "slug", "tools_count"]);
    const listed = await h.call("GET", `/api/admin/tools?range=[0,99]`, { token: admin.token });
    expect(listed.body.every((t: { tags: unknown }) => Array.isArray(t.tags))).toBe(true);
  });
});

describe("the directory's combined filters and sorts", () => {
  const slugsOf = (body: { slug: string }[]) => body.map((t) => t.slug);
  let ids: Record<string, number>;
  beforeAll(async () => {
    const images = (await createCategory(h.db, { name: "Images", slug: "images" })).id;
    const free = (await createTag(h.db, { name: "Free Plan" })).id;
    const mobile = (await createTag(h.db, { name: "Mobile App" })).id;
    const offline = (await createTag(h.db, { name: "Works Offline" })).id;
    ids = {};
    const make = async (name: string, tag_ids: number[], extra: Record<string, unknown> = {}) => {
      const tool = await createTool(
        h.db,
        { name, category_id: writing, pricing_type: "free", tag_ids, ...(extra as object) },
        null,
      );
      ids[name] = tool.id;
      return tool;
    };
    await make("Filter Alpha", [free, mobile]);
    await make("Filter Beta", [free]);
    await make("Filter Gamma", [free, mobile, offline], { pricing_type: "paid" });
    await make("Filter Delta", [mobile], { category_id: images, description: "Draws pictures" });
    await make("Filter Epsilon", [free, mobile], { category_id: images });
  });

  it("keeps the tools carrying every tag asked for (AND), with search, category and pricing", async () => {
    expect(slugsOf((await h.call("GET", "/api/tools/?tag=free-plan&limit=100")).body).sort()).toEqual(
      ["filter-alpha", "filter-beta", "filter-epsilon", "filter-gamma"].sort(),
    );
    expect(slugsOf((await h.call("GET", "/api/tools/?tag=free-plan,mobile-app&limit=100")).body).sort()).toEqual(
      ["filter-alpha", "filter-epsilon", "filter-gamma"].sort(),
    );
    expect(slugsOf((await h.call("GET", "/api/tools/?tag=mobile-app,free-plan,works-offline")).body)).toEqual([
      "filter-gamma",
    ]);
    const combined = await h.call("GET", `/api/tools/?tag=mobile-app,free-plan&category_id=${writing}&pricing=free`);
    expect(slugsOf(combined.body)).toEqual(["filter-alpha"]);
    const searched = await h.call("GET", "/api/tools/?tag=mobile-app&search=filter");
    expect(slugsOf(searched.body).sort()).toEqual(
      ["filter-alpha", "filter-delta", "filter-epsilon", "filter-gamma"].sort(),
    );
    expect(slugsOf((await h.call("GET", "/api/tools/?tag=mobile-app&search=pictures")).body)).toEqual(["filter-delta"]);
    // Spaces, letter case and repeats are forgiven.
    expect(slugsOf((await h.call("GET", "/api/tools/?tag=%20Works-Offline%20,works-offline")).body)).toEqual([
      "filter-gamma",
    ]);
  });

  it("answers an unknown tag with an empty list, never an error", async () => {
    for (const tag of ["no-such-tag", "free-plan,no-such-tag", "日本語", "%F0%9F%94%A5", "a'b;--", "%22*"]) {
      const res = await h.call("GET", `/api/tools/?tag=${tag}`);
      expect(res.status, tag).toBe(200);
      expect(res.body, tag).toEqual([]);
    }
    expect((await h.call("GET", "/api/tools/?tag=")).body.length).toBeGreaterThan(0);
    expect((await h.call("GET", "/api/tools/?tag=,,,")).body.length).toBeGreaterThan(0);
  });

  it("refuses a huge tag filter and an unknown sort with 422 and a detail", async () => {
    const long = await h.call("GET", `/api/tools/?tag=${"a".repeat(10_000)}`);
    expect(long.status).toBe(422);
    expect(long.body.detail).toMatch(/^tag: /);
    const many = await h.call("GET", `/api/tools/?tag=${Array.from({ length: 11 }, (_, i) => `t${i}`).join(",")}`);
    expect(many.status).toBe(422);
    expect(many.body.detail).toMatch(/tag: at most 10 tags/);
    const listed = await h.call("GET", "/api/tools/?tag=a&tag=b");
    expect(listed.status).toBeLessThan(500);
    for (const sort of ["popular", "RATING", "", "name;--", "rating,name"]) {
      const res = await h.call("GET", `/api/tools/?sort=${encodeURIComponent(sort)}`);
      expect(res.status, sort).toBe(422);
      expect(res.body.detail, sort).toMatch(/^sort: /);
    }
  });

  it("sorts by newest, saves, name and relevance, and pages through each without repeats", async () => {
    const tag = "tag=free-plan";
    const newest = slugsOf((await h.call("GET", `/api/tools/?${tag}&sort=newest`)).body);
    expect(newest).toEqual(["filter-epsilon", "filter-gamma", "filter-beta", "filter-alpha"]);
    await h.db.$client.execute({
      sql: "UPDATE tools SET saves_count = 7 WHERE id = ?",
      args: [ids["Filter Beta"] ?? 0],
    });
    await h.db.$client.execute({
      sql: "UPDATE tools SET saves_count = 3 WHERE id = ?",
      args: [ids["Filter Alpha"] ?? 0],
    });
    expect(slugsOf((await h.call("GET", `/api/tools/?${tag}&sort=saves`)).body)).toEqual([
      "filter-beta",
      "filter-alpha",
      "filter-epsilon",
      "filter-gamma",
    ]);
    await updateTool(h.db, ids["Filter Beta"] ?? 0, { name: "filter aardvark" });
    expect(slugsOf((await h.call("GET", `/api/tools/?${tag}&sort=name`)).body)).toEqual([
      "filter-aardvark",
      "filter-alpha",
      "filter-epsilon",
      "filter-gamma",
    ]);
    const pages = [];
    for (let offset = 0; offset < 4; offset += 2) {
      pages.push(...slugsOf((await h.call("GET", `/api/tools/?${tag}&sort=name&limit=2&offset=${offset}`)).body));
    }
    expect(pages).toEqual(["filter-aardvark", "filter-alpha", "filter-epsilon", "filter-gamma"]);
    // Relevance is the default when searching, and saying so changes nothing.
    const searched = await h.call("GET", "/api/tools/?search=pictures");
    expect((await h.call("GET", "/api/tools/?search=pictures&sort=relevance")).body).toEqual(searched.body);
    // A search sorted by name keeps the matches, in name order.
    const byName = slugsOf((await h.call("GET", "/api/tools/?search=filter&sort=name&limit=100")).body);
    expect(byName.slice(0, 3)).toEqual(["filter-aardvark", "filter-alpha", "filter-delta"]);
  });

  it("sorts by rating as a Bayesian average: one 5-star review ranks below two hundred 4.8s", async () => {
    const rated = (await createTag(h.db, { name: "Rated" })).id;
    const lucky = await createTool(h.db, { name: "One Lucky Review", tag_ids: [rated] }, null);
    const proven = await createTool(h.db, { name: "Long Record", tag_ids: [rated] }, null);
    const plain = await createTool(h.db, { name: "Never Reviewed", tag_ids: [rated] }, null);
    const poor = await createTool(h.db, { name: "Poorly Reviewed", tag_ids: [rated] }, null);
    const reviewer = async (n: number) =>
      (await createUser(h.db, `rater-${n}-${Date.now()}@example.com`, "x", "user"))?.id ?? 0;
    await upsertReview(h.db, lucky.id, await reviewer(0), 5, "");
    for (let n = 1; n <= 200; n++) await upsertReview(h.db, proven.id, await reviewer(n), n % 5 === 0 ? 4 : 5, "");
    for (let n = 201; n <= 203; n++) await upsertReview(h.db, poor.id, await reviewer(n), 1, "");
    const res = await h.call("GET", "/api/tools/?tag=rated&sort=rating");
    expect(res.body.find((t: { slug: string }) => t.slug === "long-record").avg_rating).toBe(4.8);
    expect(slugsOf(res.body)).toEqual(["long-record", "one-lucky-review", "never-reviewed", "poorly-reviewed"]);
    expect(plain.id).toBeGreaterThan(0);
  });

  it("puts every featured tool first in the default order only, however many are featured", async () => {
    const promo = (await createTag(h.db, { name: "Promo" })).id;
    const featured = [];
    for (let i = 1; i <= 5; i++) {
      const tool = await createTool(h.db, { name: `Promo Featured ${i}`, tag_ids: [promo], is_featured: true }, null);
      await h.db.$client.execute({ sql: "UPDATE tools SET saves_count = ? WHERE id = ?", args: [i, tool.id] });
      featured.push(tool);
    }
    const popular = await createTool(h.db, { name: "Promo Popular", tag_ids: [promo] }, null);
    await h.db.$client.execute({ sql: "UPDATE tools SET saves_count = 100 WHERE id = ?", args: [popular.id] });
    const list = slugsOf((await h.call("GET", "/api/tools/?tag=promo")).body);
    // More featured tools than a category page's Featured section shows (3): none of them is
    // ranked below an unfeatured tool, however little saved.
    expect(list).toEqual([
      "promo-featured-5",
      "promo-featured-4",
      "promo-featured-3",
      "promo-featured-2",
      "promo-featured-1",
      "promo-popular",
    ]);
    const first = await h.call("GET", "/api/tools/?tag=promo&limit=3");
    expect(first.body.every((t: { is_featured: boolean }) => t.is_featured)).toBe(true);
    const second = slugsOf((await h.call("GET", "/api/tools/?tag=promo&limit=3&offset=3")).body);
    expect(second).toEqual(["promo-featured-2", "promo-featured-1", "promo-popular"]);
    // Any chosen sort ignores featuring.
    expect(slugsOf((await h.call("GET", "/api/tools/?tag=promo&sort=saves")).body)[0]).toBe("promo-popular");
    // A search's default order (relevance) lets at most 2 featured tools lead, when they match as
    // well as the rest: here every name says "Promo".
    const searched = (await h.call("GET", "/api/tools/?search=promo&limit=100")).body;
    expect(searched.slice(0, 2).every((t: { is_featured: boolean }) => t.is_featured)).toBe(true);
    expect(searched).toHaveLength(6);
  });

  it("keeps the default order without a search exactly as it was: featured, most saved, newest", async () => {
    const list = (await h.call("GET", "/api/tools/?limit=100")).body as {
      id: number;
      is_featured: boolean;
      saves_count: number;
    }[];
    // More than 3 featured tools exist now: every one of them still leads.
    expect(list.filter((t) => t.is_featured).length).toBeGreaterThan(3);
    const expected = [...list].sort(
      (a, b) => Number(b.is_featured) - Number(a.is_featured) || b.saves_count - a.saves_count || b.id - a.id,
    );
    expect(list.map((t) => t.id)).toEqual(expected.map((t) => t.id));
  });
});

describe("tags in CSV", () => {
  function upload(content: string) {
    const form = new FormData();
    form.append("file", new File([content], "tools.csv", { type: "text/csv" }));
    return h.app.request("http://localhost/api/admin/tools/upload-csv/", {
      method: "POST",
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
  }

  it("imports tag names (creating unknown ones, matching known ones in any case) and exports them back", async () => {
    await createTag(h.db, { name: "Browser Extension" });
    const csv = [
      "name,category,tags",
      'CSV Tagged One,Writing,"browser extension | Brand New Tag"',
      "CSV Tagged Two,Writing,Brand new tag",
      "CSV Untagged,Writing,",
    ].join("\n");
    const res = await upload(csv);
    expect(res.status, await res.clone().text()).toBe(200);
    const one = (await h.call("GET", "/api/tools/slug/csv-tagged-one")).body;
    expect(one.tags.map((t: Named) => t.name)).toEqual(["Brand New Tag", "Browser Extension"]);
    const two = (await h.call("GET", "/api/tools/slug/csv-tagged-two")).body;
    expect(two.tags.map((t: Named) => t.slug)).toEqual(["brand-new-tag"]);
    expect((await h.call("GET", "/api/tools/slug/csv-untagged")).body.tags).toEqual([]);

    const exported = await h.app.request("http://localhost/api/admin/tools/export.csv", {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const text = await exported.text();
    expect(text.split("\n")[0]).toContain(",tags");
    expect(text).toContain("Brand New Tag | Browser Extension");
    // The export imports back to the same tags, creating nothing.
    const before = (await h.call("GET", "/api/tags")).body.length;
    expect((await upload(text.replace(/^\uFEFF/, ""))).status).toBe(200);
    expect((await h.call("GET", "/api/tags")).body.length).toBe(before);
    expect((await h.call("GET", "/api/tools/slug/csv-tagged-one")).body.tags).toEqual(one.tags);
    // A file without a tags column leaves every tool's tags as they are.
    expect((await upload("name,category\nCSV Tagged One,Writing")).status).toBe(200);
    expect((await h.call("GET", "/api/tools/slug/csv-tagged-one")).body.tags).toEqual(one.tags);
  });

  it("refuses a row with more than 5 tags or an unusable name, importing nothing", async () => {
    const res = await upload(
      ["name,tags", 'Too Many Tags,"a | b | c | d | e | f"', `Long Tag,${"x".repeat(61)}`, "Fine Row,ok"].join("\n"),
    );
    expect(res.status).toBe(422);
    const detail = ((await res.json()) as { detail: string }).detail;
    expect(detail).toMatch(/Row 2: tags: at most 5 per tool/);
    expect(detail).toMatch(/Row 3: tags: /);
    expect((await h.call("GET", "/api/tools/slug/fine-row")).status).toBe(404);
  });
});
