import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory } from "../../../db/queries/categories";
import { createTool } from "../../../db/queries/tools";
import { createHarness, type Harness } from "../../testing/harness";
import { operations } from "../../testing/operations";

let h: Harness;
let admin: { token: string; id: number };
let member: { token: string };
let categoryId: number;
beforeAll(async () => {
  h = await createHarness();
  admin = await h.user({ role: "admin" });
  member = await h.user();
  categoryId = (await createCategory(h.db, { name: "Writing", slug: "writing" })).id;
  await createTool(h.db, { name: "Existing Tool", category_id: categoryId }, null);
});
afterAll(async () => h.close());

const countTools = async () => Number((await h.db.$client.execute("SELECT count(*) AS n FROM tools")).rows[0]?.n);

function upload(name: string, content: string | Uint8Array<ArrayBuffer>, token = admin.token) {
  const form = new FormData();
  form.append("file", new File([content], name, { type: "text/csv" }));
  return h.app.request("http://localhost/api/admin/tools/upload-csv/", {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

describe("admin authorization", () => {
  const adminOps = operations.filter((op) => op.access === "admin");

  it("covers every admin route registered in the API", () => {
    expect(adminOps.length).toBeGreaterThanOrEqual(15);
  });

  for (const op of operations.filter((o) => o.access === "admin")) {
    it(`${op.method.toUpperCase()} ${op.path}: 401 signed out, 403 for a member`, async () => {
      const path = `/api${op.path.replace(/\{\w+\}/g, "1")}`;
      const body = op.method === "get" || op.method === "delete" ? undefined : {};
      const anonymous = await h.call(op.method.toUpperCase(), path, { body });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.detail).toBeTruthy();
      const asMember = await h.call(op.method.toUpperCase(), path, { token: member.token, body });
      expect(asMember.status).toBe(403);
      expect(asMember.body.detail).toBe("Admin access required");
    });
  }
});

describe("admin data", () => {
  it("caps FAQs at 15 and screenshots at 10", async () => {
    const tool = await createTool(h.db, { name: "Limits" }, null);
    const faq = Array.from({ length: 16 }, (_, i) => ({ question: `Q${i}`, answer: "A", order: i + 1 }));
    const tooMany = await h.call("PUT", `/api/tools/${tool.id}`, { token: admin.token, body: { faq } });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail).toMatch(/15/);
    const shots = Array.from({ length: 11 }, (_, i) => ({ url: `https://s.example/${i}.png`, alt_text: "" }));
    expect(
      (await h.call("PUT", `/api/tools/${tool.id}`, { token: admin.token, body: { screenshots: shots } })).status,
    ).toBe(422);
    const ok = await h.call("PUT", `/api/tools/${tool.id}`, {
      token: admin.token,
      body: { faq: faq.slice(0, 15).reverse() },
    });
    expect(ok.body.faq.map((f: { order: number }) => f.order)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(ok.body.faq[0].question).toBe("Q0");
  });

  it("reports the dashboard statistics", async () => {
    const stats = await h.call("GET", "/api/admin/stats", { token: admin.token });
    expect(stats.body).toEqual(
      expect.objectContaining({
        total_tools: expect.any(Number),
        total_categories: 1,
        total_reviews: 0,
        featured_tools: 0,
      }),
    );
  });

  it("lists tools for react-admin with range, sort, filter and Content-Range", async () => {
    for (let i = 0; i < 5; i++)
      await createTool(h.db, { name: `Sortable ${i}`, pricing_type: i % 2 ? "paid" : "free" }, null);
    const res = await h.call(
      "GET",
      `/api/admin/tools?range=${encodeURIComponent("[0,2]")}&sort=${encodeURIComponent('["name","DESC"]')}&filter=${encodeURIComponent('{"pricing_type":"paid"}')}`,
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.map((t: { name: string }) => t.name)).toEqual(["Sortable 3", "Sortable 1"]);
    expect(res.headers.get("content-range")).toBe("tools 0-1/2");
    expect(res.body[0]).toHaveProperty("affiliate_clicks");
  });

  it("creates, updates and deletes categories, keeping their tools", async () => {
    const created = await h.call("POST", "/api/admin/categories/", {
      token: admin.token,
      body: {
        name: "Video & Film",
        description: "Moving pictures",
        faq: [
          { question: "Q2", answer: "A2", order: 5 },
          { question: "Q1", answer: "A1", order: 1 },
        ],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.slug).toBe("video-film");
    expect(created.body.faq.map((f: { question: string; order: number }) => [f.question, f.order])).toEqual([
      ["Q1", 1],
      ["Q2", 2],
    ]);
    const duplicate = await h.call("POST", "/api/admin/categories/", {
      token: admin.token,
      body: { name: "Other", slug: "video-film" },
    });
    expect(duplicate.status).toBe(409);
    const bad = await h.call("POST", "/api/admin/categories/", { token: admin.token, body: { name: "" } });
    expect(bad.status).toBe(422);
    const id = created.body.id;
    const tool = await createTool(h.db, { name: "Film Cutter", category_id: id }, null);
    const updated = await h.call("PUT", `/api/admin/categories/${id}/`, {
      token: admin.token,
      body: { ...created.body, name: "Video" },
    });
    expect(updated.body.name).toBe("Video");
    expect((await h.call("GET", "/api/tools/?search=video")).body.map((t: { name: string }) => t.name)).toContain(
      "Film Cutter",
    );
    expect((await h.call("DELETE", `/api/admin/categories/${id}/`, { token: admin.token })).status).toBe(200);
    const orphan = await h.call("GET", `/api/tools/${tool.id}`);
    expect(orphan.body).toEqual(expect.objectContaining({ category_id: null, category_name: null }));
    expect((await h.call("DELETE", `/api/admin/categories/${id}/`, { token: admin.token })).status).toBe(404);
  });
});

describe("categories from two processes at once", () => {
  it("get one slug each: the loser of a race answers 409, never 500", async () => {
    const processes = [await h.otherProcess(), await h.otherProcess()];
    try {
      const answers = await Promise.all(
        processes.map((p, i) =>
          p.request("POST", "/api/admin/categories/", admin.token, { name: `Русский ${"!".repeat(i)}` }),
        ),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(answers.find((r) => r.status === 201)?.body.slug).toBe("russkiy");
      expect(answers.find((r) => r.status === 409)?.body.detail).toBe("A category with this slug already exists");
    } finally {
      for (const p of processes) p.close();
    }
  });
});

describe("CSV import", () => {
  const header = "name,slug,description,website_url,category,pricing_type,is_featured,pros,cons\n";

  it("imports a file with a BOM, quotes and embedded newlines, and a re-upload changes nothing", async () => {
    const csv = `\ufeff${header}"Alpha, the tool",,"Line one\nLine two",https://alpha.example,Writing,freemium,true,Fast | Cheap,Young\nBeta Tool,beta-tool,Plain,https://beta.example,writing,paid,,,\n`;
    const before = await countTools();
    const res = await upload("tools.csv", csv);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(expect.objectContaining({ count: 2, created: 2, updated: 0 }));
    expect(await countTools()).toBe(before + 2);
    const alpha = (await h.call("GET", "/api/tools/slug/alpha-the-tool")).body;
    expect(alpha).toEqual(
      expect.objectContaining({ description: "Line one\nLine two", is_featured: true, category_name: "Writing" }),
    );
    expect(alpha.pros_cons).toEqual({ pros: ["Fast", "Cheap"], cons: ["Young"] });
    const again = await upload("tools.csv", csv);
    expect(await again.json()).toEqual(expect.objectContaining({ count: 2, created: 0, updated: 2 }));
    expect(await countTools()).toBe(before + 2);
  });

  it("imports nothing when any row is bad, and names the rows", async () => {
    const cases: [string, string | Uint8Array<ArrayBuffer>, RegExp][] = [
      ["ragged row", `${header}Good,,d,https://g.example,Writing,free,,,\nRagged,only\n`, /Could not read/],
      ["unclosed quote", `${header}"Open,,d,https://g.example,Writing,free,,,\n`, /Could not read/],
      [
        "duplicate slugs",
        `${header}Same,,d,https://a.example,,free,,,\nSame,,d,https://b.example,,free,,,\n`,
        /Row 3: duplicate slug 'same'/,
      ],
      ["unknown category", `${header}Gamma,,d,https://g.example,Nope,free,,,\n`, /Row 2: unknown category 'Nope'/],
      ["javascript URL", `${header}Delta,,d,javascript:alert(1),,free,,,\n`, /Row 2: website_url/],
      ["bad pricing", `${header}Eps,,d,https://e.example,,cheap,,,\n`, /Row 2: pricing_type/],
      ["bad UTF-8", new Uint8Array([...new TextEncoder().encode(header), 0xff, 0xfe, 0x41, 0x0a]), /UTF-8/],
      ["no rows", header, /no rows/],
    ];
    for (const [label, content, detail] of cases) {
      const before = await countTools();
      const res = await upload("bad.csv", content);
      expect(res.status, label).toBe(422);
      expect(((await res.json()) as { detail: string }).detail, label).toMatch(detail);
      expect(await countTools(), label).toBe(before);
    }
  });

  it("imports 1,000 rows and re-imports them idempotently", async () => {
    const rows = Array.from(
      { length: 1000 },
      (_, i) => `Bulk Tool ${i},,Row ${i},https://bulk${i}.example,Writing,freemium,,Fast,Young`,
    );
    const csv = `${header}${rows.join("\n")}\n`;
    const before = await countTools();
    const first = await upload("bulk.csv", csv);
    expect(await first.json()).toEqual(expect.objectContaining({ count: 1000, created: 1000 }));
    const second = await upload("bulk.csv", csv);
    expect(await second.json()).toEqual(expect.objectContaining({ count: 1000, created: 0, updated: 1000 }));
    expect(await countTools()).toBe(before + 1000);
  });

  it("accepts .csv files only and caps their size", async () => {
    expect((await upload("tools.txt", `${header}X,,,,,free,,,\n`)).status).toBe(415);
    const small = await createHarness({ MAX_CSV_BYTES: "1000" });
    try {
      const smallAdmin = await small.user({ role: "admin" });
      const form = new FormData();
      form.append("file", new File([`${header}${"Y,,,,,free,,,\n".repeat(200)}`], "big.csv"));
      const res = await small.app.request("http://localhost/api/admin/tools/upload-csv/", {
        method: "POST",
        headers: { authorization: `Bearer ${smallAdmin.token}` },
        body: form,
      });
      expect(res.status).toBe(413);
    } finally {
      await small.close();
    }
  });

  it("exports every tool with formula cells neutralised", async () => {
    await createTool(h.db, { name: '=HYPERLINK("https://evil.example")' }, null);
    const res = await h.app.request("http://localhost/api/admin/tools/export.csv", {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.headers.get("content-type")).toMatch(/text\/csv/);
    const text = await res.text();
    expect(text).toContain(`"'=HYPERLINK(""https://evil.example"")"`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
  });
});

describe("every admin resource speaks ra-data-simple-rest under /api/admin", () => {
  const q = (params: Record<string, unknown>) =>
    `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])).toString()}`;

  it("pages the tools in SQL: the second page, the total, a text filter and ids for getMany", async () => {
    const category = await createCategory(h.db, { name: "Paging", slug: "paging" });
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) {
      ids.push(
        (await createTool(h.db, { name: `Pager ${String(i).padStart(2, "0")}`, category_id: category.id }, null)).id,
      );
    }
    const page2 = await h.call(
      "GET",
      `/api/admin/tools${q({ range: [10, 19], sort: ["name", "ASC"], filter: { q: "pager", category_id: category.id } })}`,
      { token: admin.token },
    );
    expect(page2.status).toBe(200);
    expect(page2.body.map((t: { name: string }) => t.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Pager ${String(i + 10).padStart(2, "0")}`),
    );
    expect(page2.headers.get("content-range")).toBe("tools 10-19/30");
    const many = await h.call("GET", `/api/admin/tools${q({ filter: { id: ids.slice(0, 3) } })}`, {
      token: admin.token,
    });
    expect(many.body.map((t: { id: number }) => t.id)).toEqual(ids.slice(0, 3));
    // LIKE's wildcards are taken literally.
    const wild = await h.call("GET", `/api/admin/tools${q({ filter: { q: "%" } })}`, { token: admin.token });
    expect(wild.body).toEqual([]);
  });

  it("refuses unknown sort and filter fields and malformed parameters with a detail", async () => {
    for (const params of [
      q({ sort: ["password_hash", "ASC"] }),
      q({ filter: { "1=1; --": 1 } }),
      // Names every object has are no fields either.
      q({ sort: ["constructor", "ASC"] }),
      q({ sort: ["__proto__", "DESC"] }),
      q({ filter: { toString: 1 } }),
      q({ filter: { hasOwnProperty: "x" } }),
      "?range=[0",
      q({ range: [5, 1] }),
      q({ range: [0, 5000] }),
      // JSON's 1e400 parses to Infinity, which the database refuses.
      `?filter=${encodeURIComponent('{"category_id":1e400}')}`,
    ]) {
      const res = await h.call("GET", `/api/admin/tools${params}`, { token: admin.token });
      expect(res.status, params).toBe(422);
      expect(res.body.detail).toEqual(expect.any(String));
    }
  });

  it("creates, reads, updates and deletes a tool at /api/admin/tools", async () => {
    const created = await h.call("POST", "/api/admin/tools", {
      token: admin.token,
      body: { name: "Admin Made", pricing_type: "paid", is_featured: true, faq: [{ question: "Q?", answer: "A." }] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual(
      expect.objectContaining({ slug: "admin-made", is_featured: true, affiliate_clicks: 0 }),
    );
    const id = created.body.id;
    expect((await h.call("GET", `/api/admin/tools/${id}`, { token: admin.token })).body.name).toBe("Admin Made");
    // react-admin sends the whole record back; read-only fields are ignored.
    const updated = await h.call("PUT", `/api/admin/tools/${id}`, {
      token: admin.token,
      body: { ...created.body, description: "Edited", saves_count: 999 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual(expect.objectContaining({ description: "Edited", saves_count: 0 }));
    expect(
      (await h.call("POST", "/api/admin/tools", { token: admin.token, body: { pricing_type: "paid" } })).status,
    ).toBe(422);
    expect((await h.call("DELETE", `/api/admin/tools/${id}`, { token: admin.token })).body).toEqual({
      id,
      detail: "Tool deleted",
    });
    expect((await h.call("GET", `/api/admin/tools/${id}`, { token: admin.token })).status).toBe(404);
    expect((await h.call("GET", "/api/admin/tools/abc", { token: admin.token })).status).toBe(404);
  });

  it("lists, reads and updates categories at /api/admin/categories with their tool counts", async () => {
    const list = await h.call("GET", `/api/admin/categories${q({ range: [0, 0], sort: ["tool_count", "DESC"] })}`, {
      token: admin.token,
    });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0].tool_count).toBeGreaterThan(0);
    const one = await h.call("GET", `/api/admin/categories/${list.body[0].id}`, { token: admin.token });
    expect(one.body.slug).toBe(list.body[0].slug);
    const put = await h.call("PUT", `/api/admin/categories/${one.body.id}`, {
      token: admin.token,
      body: { ...list.body[0], description: "Changed" },
    });
    expect(put.body.description).toBe("Changed");
  });

  it("manages articles as Content, a template's keywords generating published articles", async () => {
    const template = await h.call("POST", "/api/admin/content", {
      token: admin.token,
      body: {
        title: "Best {keyword} tools",
        slug: "best-keyword-tools",
        is_template: true,
        keywords: ["video", "audio", ""],
      },
    });
    expect(template.status).toBe(201);
    expect(template.body.generated_count).toBe(2);
    const again = await h.call("PUT", `/api/admin/content/${template.body.id}`, {
      token: admin.token,
      body: { ...template.body, keywords: ["video", "image"] },
    });
    expect(again.body.generated_count).toBe(1);
    const published = await h.call(
      "GET",
      `/api/admin/content${q({ filter: { status: "published", q: "best" }, sort: ["title", "ASC"] })}`,
      { token: admin.token },
    );
    expect(published.body.map((a: { title: string }) => a.title)).toEqual([
      "Best audio tools",
      "Best image tools",
      "Best video tools",
    ]);
    expect(published.headers.get("content-range")).toBe("content 0-2/3");
    expect((await h.call("DELETE", `/api/admin/content/${template.body.id}`, { token: admin.token })).status).toBe(200);
  });
});
