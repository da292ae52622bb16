import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory } from "../../db/queries/categories";
import { createTool } from "../../db/queries/tools";
import { createHarness, type Harness } from "../testing/harness";

let h: Harness;
let writing: number;
let images: number;
beforeAll(async () => {
  h = await createHarness();
  writing = (await createCategory(h.db, { name: "Writing", slug: "writing" })).id;
  images = (await createCategory(h.db, { name: "Images", slug: "images" })).id;
  for (let i = 1; i <= 30; i++) {
    await createTool(
      h.db,
      {
        name: `Filler ${i}`,
        description: i === 7 ? "Helps with quill style prose" : "Generic helper",
        category_id: i % 2 ? writing : images,
        pricing_type: (["free", "freemium", "paid", "free trial"] as const)[i % 4],
      },
      null,
    );
  }
  await createTool(
    h.db,
    { name: "Quill Master", description: "Writes essays", category_id: writing, pricing_type: "paid" },
    null,
  );
});
afterAll(async () => h.close());

const names = (body: { name: string }[]) => body.map((t) => t.name);

describe("the public tool list", () => {
  it("pages by 12 for visitors and honours limit and offset", async () => {
    const first = await h.call("GET", "/api/tools/");
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(12);
    const second = await h.call("GET", "/api/tools?limit=12&offset=12");
    expect(second.body).toHaveLength(12);
    expect(names(second.body)).not.toContain(first.body[0].name);
    const last = await h.call("GET", "/api/tools?limit=12&offset=24");
    expect(last.body).toHaveLength(7);
    expect(first.body[0]).not.toHaveProperty("affiliate_clicks");
    expect(first.body[0]).toEqual(
      expect.objectContaining({ category_name: expect.any(String), category_slug: expect.any(String), avg_rating: 0 }),
    );
  });

  it("filters by category and pricing together ('all' means no pricing filter)", async () => {
    const res = await h.call("GET", `/api/tools/?category_id=${writing}&pricing=paid&limit=100`);
    expect(res.body.length).toBeGreaterThan(0);
    for (const tool of res.body) {
      expect(tool.category_id).toBe(writing);
      expect(tool.pricing_type).toBe("paid");
    }
    const all = await h.call("GET", `/api/tools/?category_id=${images}&pricing=all&limit=100`);
    expect(all.body).toHaveLength(15);
  });

  it("ranks a name match above a description match and matches word prefixes", async () => {
    const res = await h.call("GET", "/api/tools/?search=quil");
    expect(names(res.body).slice(0, 2)).toEqual(["Quill Master", "Filler 7"]);
  });

  it("still finds a tool when the query is misspelt", async () => {
    const res = await h.call("GET", "/api/tools/?search=qiull%20mastre");
    expect(names(res.body)[0]).toBe("Quill Master");
  });

  it("treats FTS syntax typed by a visitor as text, never as a 5xx", async () => {
    for (const q of ['"', "*", "NEAR(", "'", "-", ":", "()", "AND OR", "quill*)", "a OR b NOT c", "🔥", "%00", "^"]) {
      const res = await h.call("GET", `/api/tools/?search=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
    }
  });

  it("refuses bad paging and filter values with a detail", async () => {
    for (const q of [
      "offset=-1",
      "offset=99999999999",
      "limit=0",
      "limit=abc",
      "limit=1.5",
      "category_id=abc",
      "pricing=cheap",
    ]) {
      const res = await h.call("GET", `/api/tools/?${q}`);
      expect(res.status, q).toBe(422);
      expect(res.body.detail, q).toBeTruthy();
    }
  });

  it("reads one tool by slug or id, and answers 404 for anything else", async () => {
    const bySlug = await h.call("GET", "/api/tools/slug/quill-master");
    expect(bySlug.status).toBe(200);
    const byId = await h.call("GET", `/api/tools/${bySlug.body.id}`);
    expect(byId.body.slug).toBe("quill-master");
    for (const path of [
      "/api/tools/slug/nope",
      "/api/tools/abc",
      "/api/tools/1.5",
      "/api/tools/-1",
      "/api/tools/99999999999999999999",
      "/api/tools/999999",
    ]) {
      const res = await h.call("GET", path);
      expect(res.status, path).toBe(404);
      expect(res.body.detail).toBeTruthy();
    }
  });

  it("accepts every path with or without a trailing slash", async () => {
    expect((await h.call("GET", "/api/tools")).body).toEqual((await h.call("GET", "/api/tools/")).body);
    expect((await h.call("GET", "/api/tools/slug/quill-master/")).status).toBe(200);
  });
});

describe("submitting and managing tools", () => {
  it("needs a signed-in member and validates the submission", async () => {
    const member = await h.user();
    expect((await h.call("POST", "/api/tools/", { body: { name: "X" } })).status).toBe(401);
    const cases: [unknown, number][] = [
      [{}, 422],
      [{ name: "" }, 422],
      [{ name: "Bad", website_url: "javascript:alert(1)" }, 422],
      [{ name: "Bad", logo_url: "data:text/html,<script>alert(1)</script>" }, 422],
      [{ name: "Bad", category_id: "3" }, 422],
      [{ name: "Bad", category_id: 99999 }, 422],
      [{ name: "Bad", pricing_type: "cheap" }, 422],
      [{ name: "Sneaky", is_featured: true }, 422],
      [{ name: "Sneaky", saves_count: 1000 }, 422],
      [{ name: "Sneaky", submitted_by: 1 }, 422],
      [[1, 2], 422],
    ];
    for (const [body, status] of cases) {
      const res = await h.call("POST", "/api/tools/", { token: member.token, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.detail).toBeTruthy();
    }
    const malformed = await h.call("POST", "/api/tools/", {
      token: member.token,
      raw: '{"name":',
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
  });

  it("refuses bodies over the limit, with or without Content-Length", async () => {
    const small = await createHarness({ MAX_JSON_BYTES: "2048" });
    try {
      const member = await small.user();
      const big = JSON.stringify({ name: "Big", description: "x".repeat(5000) });
      const withLength = await small.call("POST", "/api/tools/", {
        token: member.token,
        raw: big,
        headers: { "content-type": "application/json", "content-length": String(big.length) },
      });
      expect(withLength.status).toBe(413);
      expect(withLength.body.detail).toMatch(/larger than/);
      const stream = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(big));
          controller.close();
        },
      });
      const chunked = await small.app.request("http://localhost/api/tools/", {
        method: "POST",
        headers: { authorization: `Bearer ${member.token}`, "content-type": "application/json" },
        body: stream,
        duplex: "half",
      } as RequestInit);
      expect(chunked.status).toBe(413);
    } finally {
      await small.close();
    }
  });

  it("lets only the owner or an admin edit and delete, and leaves the row unchanged otherwise", async () => {
    const owner = await h.user();
    const other = await h.user();
    const admin = await h.user({ role: "admin" });
    const created = await h.call("POST", "/api/tools/", {
      token: owner.token,
      body: { name: "Owned Tool", category_id: writing },
    });
    expect(created.status).toBe(201);
    expect(created.body.submitted_by).toBe(owner.id);
    const id = created.body.id;
    expect(h.changes.some((c) => c.includes("owned-tool"))).toBe(true);

    const hijack = await h.call("PUT", `/api/tools/${id}`, { token: other.token, body: { name: "Hijacked" } });
    expect(hijack.status).toBe(403);
    expect((await h.call("DELETE", `/api/tools/${id}`, { token: other.token })).status).toBe(403);
    expect((await h.call("GET", `/api/tools/${id}`)).body.name).toBe("Owned Tool");

    const mass = await h.call("PUT", `/api/tools/${id}`, {
      token: owner.token,
      body: { affiliate_link: "https://x.example" },
    });
    expect(mass.status).toBe(422);
    const counters = await h.call("PUT", `/api/tools/${id}`, { token: owner.token, body: { saves_count: 999 } });
    expect(counters.status).toBe(422);

    const renamed = await h.call("PUT", `/api/tools/${id}`, {
      token: owner.token,
      body: { name: "Owned Tool Two", pricing_type: "paid" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual(
      expect.objectContaining({ name: "Owned Tool Two", slug: "owned-tool-two", pricing_type: "paid", saves_count: 0 }),
    );

    const whole = {
      ...renamed.body,
      description: "Edited by admin",
      saves_count: 12345,
      affiliate_clicks: 77,
      submitted_by: admin.id,
      affiliate_link: "https://aff.example/?ref=1",
    };
    const byAdmin = await h.call("PUT", `/api/tools/${id}`, { token: admin.token, body: whole });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toEqual(
      expect.objectContaining({
        description: "Edited by admin",
        saves_count: 0,
        affiliate_clicks: 0,
        submitted_by: owner.id,
        affiliate_link: "https://aff.example/?ref=1",
      }),
    );

    expect((await h.call("DELETE", `/api/tools/${id}`, { token: owner.token })).status).toBe(200);
    expect((await h.call("GET", `/api/tools/${id}`)).status).toBe(404);
  });

  it("lists only your own tools with submitted_by=me", async () => {
    const me = await h.user();
    await h.call("POST", "/api/tools/", { token: me.token, body: { name: "Mine Only" } });
    expect((await h.call("GET", "/api/tools/?submitted_by=me")).status).toBe(401);
    const mine = await h.call("GET", "/api/tools/?submitted_by=me", { token: me.token });
    expect(names(mine.body)).toEqual(["Mine Only"]);
  });

  it("applies the Pro rules to featuring", async () => {
    const free = await h.user();
    const pro = await h.user({ pro: true });
    const freeTool = (await h.call("POST", "/api/tools/", { token: free.token, body: { name: "Free Feature Try" } }))
      .body;
    const refused = await h.call("PUT", `/api/tools/${freeTool.id}`, {
      token: free.token,
      body: { is_featured: true },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/Pro/);

    const a = (await h.call("POST", "/api/tools/", { token: pro.token, body: { name: "Pro Tool A" } })).body;
    const b = (await h.call("POST", "/api/tools/", { token: pro.token, body: { name: "Pro Tool B" } })).body;
    expect(
      (await h.call("PUT", `/api/tools/${a.id}`, { token: pro.token, body: { is_featured: true } })).body.is_featured,
    ).toBe(true);
    const second = await h.call("PUT", `/api/tools/${b.id}`, { token: pro.token, body: { is_featured: true } });
    expect(second.status).toBe(409);
    expect(second.body.detail).toBe("You can only feature one tool at a time");
    expect(
      (await h.call("PUT", `/api/tools/${a.id}`, { token: pro.token, body: { is_featured: false } })).body.is_featured,
    ).toBe(false);
    expect((await h.call("PUT", `/api/tools/${b.id}`, { token: pro.token, body: { is_featured: true } })).status).toBe(
      200,
    );
    const ranked = await h.call("GET", "/api/tools/?search=pro%20tool");
    expect(ranked.body[0].name).toBe("Pro Tool B");
  });
});

describe("saves and clicks", () => {
  it("saves once per member, unsaves, and reports the flag", async () => {
    const member = await h.user();
    const tool = (await h.call("GET", "/api/tools/slug/quill-master")).body;
    expect((await h.call("POST", `/api/tools/${tool.id}/save`)).status).toBe(401);
    expect((await h.call("POST", `/api/tools/${tool.id}/save`, { token: member.token })).body.saves_count).toBe(1);
    expect((await h.call("POST", `/api/tools/${tool.id}/save`, { token: member.token })).body.saves_count).toBe(1);
    expect((await h.call("GET", `/api/tools/${tool.id}/is-saved`, { token: member.token })).body).toEqual({
      is_saved: true,
    });
    expect((await h.call("DELETE", `/api/tools/${tool.id}/save`, { token: member.token })).body.saves_count).toBe(0);
    expect((await h.call("GET", `/api/tools/${tool.id}/is-saved`, { token: member.token })).body).toEqual({
      is_saved: false,
    });
    expect((await h.call("POST", "/api/tools/999999/save", { token: member.token })).status).toBe(404);
  });

  it("counts visit-website clicks, shown to admins only", async () => {
    const admin = await h.user({ role: "admin" });
    const tool = (await h.call("GET", "/api/tools/slug/quill-master")).body;
    expect((await h.call("POST", `/api/tools/${tool.id}/track-click`, { address: "192.0.2.1" })).status).toBe(200);
    expect((await h.call("POST", `/api/tools/${tool.id}/track-click/`, { address: "192.0.2.2" })).status).toBe(200);
    expect((await h.call("GET", `/api/admin/tools/${tool.id}`, { token: admin.token })).body.affiliate_clicks).toBe(2);
    expect((await h.call("GET", `/api/tools/${tool.id}`)).body).not.toHaveProperty("affiliate_clicks");
    expect((await h.call("POST", "/api/tools/abc/track-click")).status).toBe(404);
  });
});
