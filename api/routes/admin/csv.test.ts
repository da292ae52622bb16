import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory } from "../../../db/queries/categories";
import { createTag } from "../../../db/queries/tags";
import { createHarness, type Harness } from "../../testing/harness";

let h: Harness;
let admin: { token: string };
const categories = ["Writing", "=SUM(A1)", "-Minus", "@Mention", "'=Quoted"];
const categoryIds: number[] = [];
const tagIds: number[] = [];
beforeAll(async () => {
  h = await createHarness();
  admin = await h.user({ role: "admin" });
  for (const [i, name] of categories.entries()) {
    categoryIds.push((await createCategory(h.db, { name, slug: `category-${i}` })).id);
  }
  for (const name of ["Free plan", "a | b", "+plus", "[beta]", "line\nbreak", "'@at"]) {
    tagIds.push((await createTag(h.db, { name, description: "" })).id);
  }
});
afterAll(async () => h.close());

function upload(content: string) {
  const form = new FormData();
  form.append("file", new File([content], "tools.csv", { type: "text/csv" }));
  return h.app.request("http://localhost/api/admin/tools/upload-csv/", {
    method: "POST",
    headers: { authorization: `Bearer ${admin.token}` },
    body: form,
  });
}

async function exportCsv(): Promise<string> {
  const res = await h.app.request("http://localhost/api/admin/tools/export.csv", {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(res.status).toBe(200);
  return res.text();
}

/** A tool as the admin reads it, without the time of its last write. */
async function adminTool(id: number) {
  const { updated_at: _, ...tool } = (await h.call("GET", `/api/admin/tools/${id}`, { token: admin.token })).body;
  return tool;
}

async function createFullTool(name: string, website: string) {
  const created = await h.call("POST", "/api/admin/tools", {
    token: admin.token,
    body: {
      name,
      description: "A **full** description",
      website_url: website,
      logo_url: "https://full.example/logo.png",
      affiliate_link: "https://full.example/?ref=1",
      video_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      category_id: categoryIds[0],
      pricing_type: "paid",
      is_featured: true,
      pros_cons: { pros: ["Fast", "Cheap"], cons: ["Young"] },
      screenshots: [{ url: "https://full.example/1.png", alt_text: "One" }],
      faq: [{ question: "Free?", answer: "No" }],
      tag_ids: [tagIds[0]],
    },
  });
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  // What a verified claim and the link checker would have set.
  await h.db.$client.execute({
    sql: "UPDATE tools SET is_verified = 1, site_flag = 'parked' WHERE id = ?",
    args: [id],
  });
  return { id, slug: created.body.slug as string };
}

describe("CSV import of some columns", () => {
  it("leaves the fields of absent columns alone and clears those of empty cells", async () => {
    const tool = await createFullTool("Partial Tool", "https://partial.example");
    const before = await adminTool(tool.id);

    const res = await upload(`name,slug,pricing_type\nPartial Tool,${tool.slug},freemium\n`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(expect.objectContaining({ count: 1, created: 0, updated: 1 }));
    expect(await adminTool(tool.id)).toEqual({ ...before, pricing_type: "freemium" });

    // Present columns: an empty cell clears its field, one list of pros/cons leaves the other.
    const cleared = await upload(
      `name,slug,description,cons,category,tags,pricing_type,is_featured\nPartial Tool,${tool.slug},,Slow,,,,\n`,
    );
    expect(cleared.status).toBe(200);
    expect(await adminTool(tool.id)).toEqual({
      ...before,
      description: "",
      pros_cons: { pros: ["Fast", "Cheap"], cons: ["Slow"] },
      category_id: null,
      category_name: null,
      category_slug: null,
      tags: [],
      pricing_type: "free",
      is_featured: false,
    });
  });

  it("refuses a row that would empty a required field, and writes nothing", async () => {
    const tool = await createFullTool("Required Tool", "https://required.example");
    const before = await adminTool(tool.id);
    const res = await upload(`name,slug,description\nRequired Tool,${tool.slug},New text\n,${tool.slug},\n`);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/^1 row\(s\) have errors.*Row 3: name/);
    expect(await adminTool(tool.id)).toEqual(before);
  });

  it("drops the Verified badge and the link flag of a tool whose website it changes, as an edit does", async () => {
    const moved = await createFullTool("Moved Tool", "https://old.example");
    const kept = await createFullTool("Kept Tool", "https://kept.example");
    const res = await upload(
      `name,slug,website_url\nMoved Tool,${moved.slug},https://new.example\nKept Tool,${kept.slug},https://kept.example\n`,
    );
    expect(res.status).toBe(200);
    expect(await adminTool(moved.id)).toEqual(
      expect.objectContaining({ website_url: "https://new.example", is_verified: false, site_flag: null }),
    );
    expect(await adminTool(kept.id)).toEqual(expect.objectContaining({ is_verified: true, site_flag: "parked" }));
  });
});

/** Text with what spreadsheets and the CSV format treat specially, trimmed as the API stores it. */
const SPECIAL = ["=", "+", "-", "@", "'", "\t", "|", "\n", "\r\n", '"', ",", "[", "{", " ", "a", "Z", "7", "é", "→"];
/** A name is one line: no tab nor line break. */
const hostile = (max: number, oneLine = false) =>
  fc
    .array(fc.constantFrom(...SPECIAL.filter((c) => !oneLine || !/[\t\r\n]/.test(c))), {
      minLength: 1,
      maxLength: max,
    })
    .map((chars) => chars.join("").trim())
    .filter((s) => s.length > 0);

const toolBody = fc.record({
  name: fc.tuple(hostile(12, true), fc.integer({ min: 0, max: 1e9 })).map(([s, n]) => `${s} ${n}`),
  description: fc.oneof(fc.constant(""), hostile(40)),
  website_url: fc.constantFrom("", "https://a.example", "https://b.example/?q=-1&r=@x"),
  affiliate_link: fc.constantFrom("", "https://aff.example/=ref"),
  category: fc.option(fc.integer({ min: 0, max: categories.length - 1 }), { nil: null }),
  pricing_type: fc.constantFrom("free", "freemium", "paid"),
  is_featured: fc.boolean(),
  pros_cons: fc.record({
    pros: fc.array(hostile(10), { maxLength: 3 }),
    cons: fc.array(hostile(10), { maxLength: 3 }),
  }),
  screenshots: fc.array(fc.record({ url: fc.constant("https://shots.example/1.png"), alt_text: hostile(10) }), {
    maxLength: 2,
  }),
  faq: fc.array(fc.record({ question: hostile(10), answer: hostile(10) }), { maxLength: 2 }),
  tag_ids: fc.subarray([0, 1, 2, 3, 4, 5], { maxLength: 5 }),
});

describe("CSV export then import", () => {
  it("gives back every field of every tool unchanged, formula-looking values included", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(toolBody, { minLength: 1, maxLength: 4 }), async (bodies) => {
        const ids: number[] = [];
        for (const { tag_ids, category, ...body } of bodies) {
          const res = await h.call("POST", "/api/admin/tools", {
            token: admin.token,
            body: {
              ...body,
              category_id: category === null ? null : categoryIds[category],
              tag_ids: tag_ids.map((i) => tagIds[i]),
            },
          });
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          ids.push(res.body.id);
        }
        await h.db.$client.execute({
          sql: `UPDATE tools SET is_verified = 1, site_flag = 'moved' WHERE id = ?`,
          args: [ids[0] ?? 0],
        });
        const before = await Promise.all(ids.map(adminTool));
        const res = await upload(await exportCsv());
        expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
        expect(await Promise.all(ids.map(adminTool))).toEqual(before);
      }),
      {
        numRuns: 8,
        examples: [
          [
            [
              {
                name: '=HYPERLINK("https://evil.example") 1',
                description: "'=already quoted",
                website_url: "https://a.example",
                affiliate_link: "",
                category: 4,
                pricing_type: "paid",
                is_featured: true,
                pros_cons: { pros: ["-minus", "a | b", "[x]"], cons: ["+1", "@me"] },
                screenshots: [{ url: "https://shots.example/1.png", alt_text: "=1+1" }],
                faq: [{ question: "@q", answer: "-a" }],
                tag_ids: [1, 2, 3, 4, 5],
              },
            ],
          ],
        ],
      },
    );
  });
});
