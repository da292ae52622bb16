import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isUniqueViolation } from "../../db/client";
import { createCategory } from "../../db/queries/categories";
import { setModeration, setToolStatus } from "../../db/queries/moderation";
import { createTool, updateTool } from "../../db/queries/tools";
import { createHarness, type Harness } from "../testing/harness";

let h: Harness;
let writing: number;
let images: number;
beforeAll(async () => {
  h = await createHarness();
  // These tests are about tools once published; moderation is tested in moderation.test.ts.
  await setModeration(h.db, false);
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

  it("says which query it answered when it corrected a misspelt word, in a header only", async () => {
    const corrected = await h.call("GET", "/api/tools/?search=qiull%20mastre");
    expect(corrected.headers.get("x-search-corrected")).toBe("quill%20master");
    expect(corrected.headers.get("access-control-expose-headers")).toContain("x-search-corrected");
    expect(Array.isArray(corrected.body)).toBe(true);
    const spelt = await h.call("GET", "/api/tools/?search=quill%20master");
    expect(names(spelt.body)[0]).toBe("Quill Master");
    expect(spelt.headers.get("x-search-corrected")).toBeNull();
    expect((await h.call("GET", "/api/tools/")).headers.get("x-search-corrected")).toBeNull();
  });

  it("refuses an over-long search with a detail, never a 5xx", async () => {
    const res = await h.call("GET", `/api/tools/?search=${"x".repeat(300)}`);
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/search/);
  });

  it("treats FTS syntax typed by a visitor as text, never as a 5xx", async () => {
    for (const q of [
      '"',
      "*",
      "NEAR(",
      "'",
      "-",
      ":",
      "()",
      "AND OR",
      "quill*)",
      "a OR b NOT c",
      "🔥",
      "%00",
      "^",
      `'; DROP TABLE tools; --`,
    ]) {
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
      // Other spellings of a number name no tool: only decimal digits are an id.
      `/api/tools/0x${bySlug.body.id.toString(16)}`,
      `/api/tools/${bySlug.body.id}e0`,
      `/api/tools/0${bySlug.body.id}`,
      `/api/tools/%20${bySlug.body.id}`,
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
      // A NUL would empty the name pages show, or hide words the search index still reads.
      [{ name: "\u0000Invisible Tool" }, 422],
      [{ name: "Visible", description: "Summary.\u0000 hidden keywords" }, 422],
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

  it("takes an update without a body as no change, for a member as for an admin", async () => {
    const member = await h.user();
    const made = await h.call("POST", "/api/tools/", { token: member.token, body: { name: "Bodiless Edit" } });
    expect(made.status).toBe(201);
    const admin = await h.user({ role: "admin" });
    for (const who of [member, admin]) {
      const res = await h.call("PUT", `/api/tools/${made.body.id}`, { token: who.token });
      expect(res.status).toBe(200);
      expect(res.body.name).toBe("Bodiless Edit");
    }
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

describe("the list's size", () => {
  it("caps a page at 100, and gives a signed-in caller without a limit the first page plus all their own", async () => {
    const big = await createHarness();
    try {
      const member = await big.user();
      const own: number[] = [];
      // Their oldest tools: far down the directory's order, never on the first page.
      for (let i = 1; i <= 3; i++) own.push((await createTool(big.db, { name: `Member Tool ${i}` }, member.id)).id);
      for (let i = 1; i <= 130; i++) await createTool(big.db, { name: `Catalogue ${i}` }, null);

      const visitor = await big.call("GET", "/api/tools/");
      expect(visitor.body).toHaveLength(12);
      const signedIn = await big.call("GET", "/api/tools/", { token: member.token });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body).toHaveLength(12 + 3);
      expect(signedIn.body.slice(0, 12)).toEqual(visitor.body);
      const mine = signedIn.body.filter((t: { submitted_by: number }) => t.submitted_by === member.id);
      expect(mine.map((t: { id: number }) => t.id).sort()).toEqual(own.sort());

      expect((await big.call("GET", "/api/tools/?limit=100", { token: member.token })).body).toHaveLength(100);
      for (const token of [undefined, member.token]) {
        const over = await big.call("GET", "/api/tools/?limit=101", { token });
        expect(over.status).toBe(422);
        expect(over.body.detail).toMatch(/limit/);
      }
      const admin = await big.user({ role: "admin" });
      expect((await big.call("GET", "/api/tools/", { token: admin.token })).body).toHaveLength(12);
      expect((await big.call("GET", "/api/tools/?submitted_by=me", { token: member.token })).body).toHaveLength(3);
    } finally {
      await big.close();
    }
  });
});

describe("slugs", () => {
  it("never gives a tool an all-digit slug, so /tool/{id} stays the id redirect", async () => {
    const member = await h.user();
    const slugs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await h.call("POST", "/api/tools/", { token: member.token, body: { name: "1" } });
      expect(res.status).toBe(201);
      slugs.push(res.body.slug);
    }
    expect(slugs).toEqual(["tool-1", "tool-1-2", "tool-1-3"]);
    const renamed = await h.call("PUT", `/api/tools/${(await h.call("GET", "/api/tools/slug/tool-1")).body.id}`, {
      token: member.token,
      body: { name: "42" },
    });
    expect(renamed.body.slug).toBe("tool-42");
  });

  it("transliterates names in other scripts and numbers repeats from the largest suffix", async () => {
    const member = await h.user();
    const post = async (name: string) =>
      (await h.call("POST", "/api/tools/", { token: member.token, body: { name } })).body.slug;
    expect(await post("Привет")).toBe("privet");
    expect(await post("Привет")).toBe("privet-2");
    expect(await post("中文工具")).toBe("zhong-wen-gong-ju");
    expect(await post("Privet 9")).toBe("privet-9");
    expect(await post("привет")).toBe("privet-10");
    expect(await post("🔥")).toBe("tool");
  });

  it("keeps the slug on a save that does not change what the name asks for", async () => {
    const member = await h.user();
    const a = (await h.call("POST", "/api/tools/", { token: member.token, body: { name: "Same Name" } })).body;
    const b = (await h.call("POST", "/api/tools/", { token: member.token, body: { name: "Same Name" } })).body;
    expect(b.slug).toBe("same-name-2");
    await h.call("DELETE", `/api/tools/${a.id}`, { token: member.token });
    const saved = await h.call("PUT", `/api/tools/${b.id}`, { token: member.token, body: { name: "Same  name!" } });
    expect(saved.body.slug).toBe("same-name-2");
  });

  it("gives concurrent creates from two processes distinct slugs, never a 500", async () => {
    const member = await h.user();
    const processes = [await h.otherProcess(), await h.otherProcess()];
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          processes[i % 2]?.request("POST", "/api/tools/", member.token, { name: "Race Tool" }),
        ),
      );
      for (const r of answers) expect([201, 409], JSON.stringify(r?.body)).toContain(r?.status);
      const slugs = answers.filter((r) => r?.status === 201).map((r) => r?.body.slug);
      expect(new Set(slugs).size).toBe(slugs.length);
      expect(slugs.length).toBeGreaterThan(0);
      for (const slug of slugs) expect(slug).toMatch(/^race-tool(-\d+)?$/);
    } finally {
      for (const p of processes) p.close();
    }
  });
});

describe("the one featured tool of a member", () => {
  it("holds when two requests from two processes feature two tools at once: one 200, one 409", async () => {
    const pro = await h.user({ pro: true });
    const a = (await h.call("POST", "/api/tools/", { token: pro.token, body: { name: "Race Feature A" } })).body;
    const b = (await h.call("POST", "/api/tools/", { token: pro.token, body: { name: "Race Feature B" } })).body;
    const processes = [await h.otherProcess(), await h.otherProcess()];
    try {
      const answers = await Promise.all(
        [a.id, b.id].map((id, i) => processes[i]?.request("PUT", `/api/tools/${id}`, pro.token, { is_featured: true })),
      );
      expect(answers.map((r) => r?.status).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r?.status === 409)?.body.detail).toBe("You can only feature one tool at a time");
      const mine = (await h.call("GET", "/api/tools/?submitted_by=me", { token: pro.token })).body;
      expect(mine.filter((t: { is_featured: boolean }) => t.is_featured)).toHaveLength(1);
    } finally {
      for (const p of processes) p.close();
    }
  });

  it("is enforced by the database, and leaves admins free to feature any number of tools", async () => {
    const pro = await h.user({ pro: true });
    const admin = await h.user({ role: "admin" });
    const ids: number[] = [];
    for (const name of ["Db Rule A", "Db Rule B", "Db Rule C"]) ids.push((await createTool(h.db, { name }, pro.id)).id);
    const [a, b, c] = ids as [number, number, number];
    await updateTool(h.db, a, { is_featured: true }, { ownerFeatures: true });
    const second = await updateTool(h.db, b, { is_featured: true }, { ownerFeatures: true }).catch((e: Error) => e);
    expect(isUniqueViolation(second, "tools.submitted_by")).toBe(true);
    // An admin's choice does not take the member's slot.
    for (const id of [b, c]) {
      const res = await h.call("PUT", `/api/tools/${id}`, { token: admin.token, body: { is_featured: true } });
      expect(res.status).toBe(200);
      expect(res.body.is_featured).toBe(true);
    }
    // Unfeatured by anyone, the tool frees the slot for another of the member's tools.
    expect((await h.call("PUT", `/api/tools/${a}`, { token: admin.token, body: { is_featured: false } })).status).toBe(
      200,
    );
    expect((await h.call("PUT", `/api/tools/${b}`, { token: admin.token, body: { is_featured: false } })).status).toBe(
      200,
    );
    expect((await h.call("PUT", `/api/tools/${c}`, { token: admin.token, body: { is_featured: false } })).status).toBe(
      200,
    );
    expect((await updateTool(h.db, b, { is_featured: true }, { ownerFeatures: true }))?.is_featured).toBe(true);
    for (const name of ["Admin Pick 1", "Admin Pick 2", "Admin Pick 3"]) {
      const tool = await createTool(h.db, { name }, admin.id);
      const res = await h.call("PUT", `/api/tools/${tool.id}`, { token: admin.token, body: { is_featured: true } });
      expect(res.status).toBe(200);
    }
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

  it("reports a save or unsave that moved the count as a change of the tool, its pages show the count", async () => {
    const member = await h.user();
    const tool = (await h.call("GET", "/api/tools/slug/quill-master")).body;
    const changes = h.changes.length;
    await h.call("POST", `/api/tools/${tool.id}/save`, { token: member.token });
    await h.call("POST", `/api/tools/${tool.id}/save`, { token: member.token });
    await h.call("DELETE", `/api/tools/${tool.id}/save`, { token: member.token });
    await h.call("DELETE", `/api/tools/${tool.id}/save`, { token: member.token });
    // A repeated save or unsave changes nothing: no pass.
    expect(h.changes.slice(changes)).toEqual(["tool saved: quill-master", "tool unsaved: quill-master"]);
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

// Last: it adds tools that the counts above do not expect.
describe("search as a visitor types it", () => {
  it("finds what a visitor means through typos, plurals, joined words and synonyms", async () => {
    const tool = (name: string, description: string) =>
      createTool(h.db, { name, description, category_id: images, pricing_type: "free" }, null);
    await tool("Pixel Forge", "An image generator that turns prompts into art.");
    await tool("Cutline", "A video editor with captions.");
    await tool("Scribe Notes", "Meeting transcription and summaries.");
    await tool("Talkative", "A friendly chatbot.");
    for (const [q, name, fixed] of [
      ["imgae generator", "Pixel Forge", "image generator"],
      ["transcripton", "Scribe Notes", "transcription"],
      ["vidoe editing", "Cutline", "video editing"],
      ["chat bot", "Talkative", null],
      ["generators", "Pixel Forge", null],
    ] as const) {
      const res = await h.call("GET", `/api/tools/?search=${encodeURIComponent(q)}`);
      expect(names(res.body), q).toContain(name);
      expect(res.headers.get("x-search-corrected"), q).toBe(fixed && encodeURIComponent(fixed));
    }
    const admin = await h.user({ role: "admin" });
    const added = await h.call("POST", "/api/admin/synonyms", {
      token: admin.token,
      body: { term: "Footage", expands_to: "video" },
    });
    expect(added.status).toBe(201);
    expect(names((await h.call("GET", "/api/tools/?search=footage")).body)).toEqual(["Cutline"]);
    const hostile = await h.call("POST", "/api/admin/synonyms", {
      token: admin.token,
      body: { term: "clip", expands_to: "video'); DROP TABLE tools; --" },
    });
    expect(hostile.status).toBe(201);
    expect(hostile.body.expands_to).toBe("video drop table tools");
    const clip = await h.call("GET", "/api/tools/?search=clip");
    expect(clip.status).toBe(200);
    expect(clip.body).toEqual([]);
    expect((await h.call("GET", "/api/tools/?search=cutline")).body[0].name).toBe("Cutline");
    const twoWords = await h.call("POST", "/api/admin/synonyms", {
      token: admin.token,
      body: { term: "x'); DROP TABLE synonyms;--", expands_to: "video" },
    });
    expect(twoWords.status).toBe(422);
    expect(twoWords.body.detail).toMatch(/term/);
  });

  it("corrects only to words a published tool uses, in any script", async () => {
    const hidden = await createTool(h.db, { name: "Zorblax Vault", description: "Unreleased." }, null);
    await setToolStatus(h.db, [hidden.id], "rejected", "Not yet");
    await createTool(h.db, { name: "Генератор Слов", description: "Пишет тексты." }, null);
    // "zorblx" is nearest to a word only the rejected tool uses: no correction names it.
    const probe = await h.call("GET", "/api/tools/?search=zorblx%20generator");
    expect(probe.status).toBe(200);
    expect(probe.headers.get("x-search-corrected") ?? "").not.toMatch(/zorblax/);
    expect(names(probe.body)).not.toContain("Zorblax Vault");
    // Published, the same word is a correction like any other.
    await setToolStatus(h.db, [hidden.id], "published");
    const after = await h.call("GET", "/api/tools/?search=zorblx");
    expect(decodeURIComponent(after.headers.get("x-search-corrected") ?? "")).toBe("zorblax");
    // A correction in Cyrillic travels percent-encoded, never as a 500.
    const cyrillic = await h.call("GET", `/api/tools/?search=${encodeURIComponent("генератр")}`);
    expect(cyrillic.status).toBe(200);
    expect(decodeURIComponent(cyrillic.headers.get("x-search-corrected") ?? "")).toBe("генератор");
    expect(names(cyrillic.body)).toContain("Генератор Слов");
  });
});

describe("a member's saved tools", () => {
  it("lists the published tools the member saved, the newest save first, and no one else's", async () => {
    const member = await h.user();
    const other = await h.user();
    const [first, second, hidden] = await Promise.all(
      ["Saved First", "Saved Second", "Saved Then Hidden"].map((name) => createTool(h.db, { name }, null)),
    );
    if (!first || !second || !hidden) throw new Error("tools not created");
    for (const tool of [first, hidden, second])
      expect((await h.call("POST", `/api/tools/${tool.id}/save`, { token: member.token })).status).toBe(200);
    await h.call("POST", `/api/tools/${first.id}/save`, { token: other.token });
    await setToolStatus(h.db, [hidden.id], "rejected");

    expect((await h.call("GET", "/api/tools/saved")).status).toBe(401);
    const saved = await h.call("GET", "/api/tools/saved", { token: member.token });
    expect(saved.status).toBe(200);
    expect(saved.body.map((t: { name: string }) => t.name)).toEqual(["Saved Second", "Saved First"]);
    const others = await h.call("GET", "/api/tools/saved/", { token: other.token });
    expect(others.body.map((t: { name: string }) => t.name)).toEqual(["Saved First"]);
    // Unsaved, it leaves the list.
    await h.call("DELETE", `/api/tools/${second.id}/save`, { token: member.token });
    const after = await h.call("GET", "/api/tools/saved", { token: member.token });
    expect(after.body.map((t: { name: string }) => t.name)).toEqual(["Saved First"]);
  });
});
