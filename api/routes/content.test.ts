import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTool } from "../../db/queries/tools";
import { createHarness, type Harness } from "../testing/harness";

let h: Harness;
let admin: { token: string };
beforeAll(async () => {
  h = await createHarness();
  admin = await h.user({ role: "admin" });
});
afterAll(async () => h.close());

describe("reviews", () => {
  it("refuse a review of the member's own tool (403) and take other members' reviews", async () => {
    const owner = await h.user();
    const tool = await createTool(h.db, { name: "Owned Reviewed Tool" }, owner.id);
    const path = `/api/reviews/tool/${tool.id}`;
    const own = await h.call("POST", path, { token: owner.token, body: { rating: 5, comment: "Mine is great" } });
    expect(own.status).toBe(403);
    expect(own.body.detail).toBe("You can't review a tool you submitted.");
    expect((await h.call("GET", path)).body).toEqual([]);
    const other = await h.user();
    expect((await h.call("POST", path, { token: other.token, body: { rating: 3 } })).status).toBe(201);
  });

  it("need a member, a 1-5 rating, and one review per member that a second one replaces", async () => {
    const tool = await createTool(h.db, { name: "Reviewed Tool" }, null);
    const a = await h.user();
    const b = await h.user();
    const path = `/api/reviews/tool/${tool.id}`;
    expect((await h.call("POST", path, { body: { rating: 5 } })).status).toBe(401);
    for (const rating of [0, 6, 3.5, "5", null]) {
      const res = await h.call("POST", path, { token: a.token, body: { rating, comment: "x" } });
      expect(res.status, String(rating)).toBe(422);
      expect(res.body.detail).toBeTruthy();
    }
    expect((await h.call("POST", path, { token: a.token, body: { rating: 2, comment: "Meh" } })).status).toBe(201);
    const replaced = await h.call("POST", path, { token: a.token, body: { rating: 4, comment: "Better now" } });
    expect(replaced.body).toEqual(expect.objectContaining({ rating: 4, avg_rating: 4, review_count: 1 }));
    const second = await h.call("POST", `${path}/`, { token: b.token, body: { rating: 5 } });
    expect(second.body).toEqual(expect.objectContaining({ avg_rating: 4.5, review_count: 2 }));
    const list = await h.call("GET", path);
    expect(list.body).toHaveLength(2);
    expect(list.body[0]).not.toHaveProperty("user_id");
    expect(list.body.map((r: { rating: number }) => r.rating).sort()).toEqual([4, 5]);
    expect((await h.call("GET", `/api/tools/${tool.id}`)).body).toEqual(
      expect.objectContaining({ avg_rating: 4.5, review_count: 2 }),
    );
    expect((await h.call("GET", "/api/reviews/tool/999999")).status).toBe(404);
    // Only decimal digits are an id: other spellings of this tool's id name nothing.
    for (const id of [`0x${tool.id.toString(16)}`, `${tool.id}e0`, `0${tool.id}`, `%20${tool.id}`, `${tool.id}.0`])
      expect((await h.call("GET", `/api/reviews/tool/${id}`)).status, id).toBe(404);
    expect((await h.call("POST", "/api/reviews/tool/999999", { token: a.token, body: { rating: 5 } })).status).toBe(
      404,
    );
  });
  it("let a member read and delete their own review, which refreshes the tool's rating", async () => {
    const tool = await createTool(h.db, { name: "Own Review Tool" }, null);
    const a = await h.user();
    const b = await h.user();
    const path = `/api/reviews/tool/${tool.id}`;
    expect((await h.call("GET", `${path}/me`, { token: a.token })).status).toBe(204);
    await h.call("POST", path, { token: a.token, body: { rating: 2, comment: "Slow" } });
    await h.call("POST", path, { token: b.token, body: { rating: 4 } });
    const mine = await h.call("GET", `${path}/me`, { token: a.token });
    expect(mine.body).toEqual(expect.objectContaining({ rating: 2, comment: "Slow" }));
    expect(mine.body).not.toHaveProperty("user_id");
    const deleted = await h.call("DELETE", `${path}/me`, { token: a.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ avg_rating: 4, review_count: 1 });
    expect((await h.call("GET", path)).body).toEqual([expect.objectContaining({ rating: 4 })]);
    expect((await h.call("GET", `${path}/me`, { token: a.token })).status).toBe(204);
    expect((await h.call("DELETE", `${path}/me`, { token: a.token })).status).toBe(404);
    expect((await h.call("DELETE", `${path}/me`)).status).toBe(401);
  });
});

describe("articles", () => {
  it("show published articles to the public, drafts and templates only to admins", async () => {
    const draft = await h.call("POST", "/api/articles", {
      token: admin.token,
      body: { title: "Secret draft", slug: "secret-draft" },
    });
    expect(draft.status).toBe(201);
    expect(draft.body).toEqual(expect.objectContaining({ status: "draft", published_at: null }));
    await h.call("POST", "/api/articles", {
      token: admin.token,
      body: { title: "Live", slug: "live", status: "published" },
    });
    const published = await h.call("GET", "/api/articles/published");
    expect(published.body.map((a: { slug: string }) => a.slug)).toEqual(["live"]);
    expect((await h.call("GET", "/api/articles/secret-draft")).status).toBe(404);
    expect((await h.call("GET", "/api/articles/secret-draft", { token: admin.token })).status).toBe(200);
    expect((await h.call("GET", "/api/articles/live")).body.title).toBe("Live");
    const list = await h.call("GET", "/api/articles", { token: admin.token });
    expect(list.headers.get("content-range")).toMatch(/^articles 0-1\/2$/);
  });

  it("validate title and slug and refuse a duplicate slug", async () => {
    expect((await h.call("POST", "/api/articles", { token: admin.token, body: { title: "", slug: "x" } })).status).toBe(
      422,
    );
    expect(
      (await h.call("POST", "/api/articles", { token: admin.token, body: { title: "X", slug: "Not A Slug" } })).status,
    ).toBe(422);
    expect(
      (await h.call("POST", "/api/articles", { token: admin.token, body: { title: "X", slug: "live" } })).status,
    ).toBe(409);
    const bad = await h.call("POST", "/api/articles", {
      token: admin.token,
      body: { title: "X", slug: "x-img", featured_image: "javascript:alert(1)" },
    });
    expect(bad.status).toBe(422);
  });

  it("keep a template marked published off the public API, as the site does (404)", async () => {
    const body = {
      title: "Template for {keyword}",
      slug: "template-for-keyword",
      status: "published",
      is_template: true,
    };
    const created = await h.call("POST", "/api/articles", { token: admin.token, body });
    expect(created.status).toBe(201);
    const res = await h.call("GET", "/api/articles/template-for-keyword");
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe("Article not found");
    expect((await h.call("GET", "/api/articles/template-for-keyword", { token: admin.token })).status).toBe(200);
  });

  it("generate one published article per template keyword, never twice", async () => {
    const body = {
      title: "Best AI tools for {keyword}",
      slug: "best-ai-tools-for-keyword",
      content: "Tools {keyword} love.",
      meta_title: "{keyword} AI tools",
      meta_description: "AI for {keyword}",
      is_template: true,
    };
    const created = await h.call("POST", `/api/articles?keywords=${encodeURIComponent("lawyers,teachers, ,")}`, {
      token: admin.token,
      body,
    });
    expect(created.status).toBe(201);
    expect(created.body.generated_count).toBe(2);
    const lawyers = await h.call("GET", "/api/articles/best-ai-tools-for-lawyers");
    expect(lawyers.body).toEqual(
      expect.objectContaining({
        status: "published",
        content: "Tools lawyers love.",
        meta_title: "lawyers AI tools",
        meta_description: "AI for lawyers",
      }),
    );
    const updated = await h.call(
      "PUT",
      `/api/articles/${created.body.id}?keywords=${encodeURIComponent("lawyers,teachers,nurses")}`,
      { token: admin.token, body },
    );
    expect(updated.body.generated_count).toBe(1);
    const published = (await h.call("GET", "/api/articles/published")).body.map((a: { slug: string }) => a.slug);
    expect(published.filter((s: string) => s.startsWith("best-ai-tools-for-")).sort()).toEqual([
      "best-ai-tools-for-lawyers",
      "best-ai-tools-for-nurses",
      "best-ai-tools-for-teachers",
    ]);
    expect(published).not.toContain("best-ai-tools-for-keyword");
    expect((await h.call("DELETE", `/api/articles/${created.body.id}`, { token: admin.token })).status).toBe(200);
    expect((await h.call("DELETE", `/api/articles/${created.body.id}`, { token: admin.token })).status).toBe(404);
  });
});

describe("articles from two processes at once", () => {
  it("never collide on a slug: a taken slug answers 409, generated ones are numbered, never a 500", async () => {
    const processes = [await h.otherProcess(), await h.otherProcess()];
    try {
      const same = await Promise.all(
        processes.map((p) => p.request("POST", "/api/articles", admin.token, { title: "Same", slug: "same-slug" })),
      );
      expect(same.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(same.find((r) => r.status === 409)?.body.detail).toBe("An article with this slug already exists");

      // Two templates whose titles give the same slugs, generated at the same moment.
      const saved = await Promise.all(
        processes.map((p, i) =>
          p.request("POST", `/api/articles?keywords=${encodeURIComponent("cats,dogs,birds")}`, admin.token, {
            title: "Pets: {keyword}",
            slug: `pets-template-${i}`,
            is_template: true,
          }),
        ),
      );
      expect(saved.map((r) => [r.status, r.body.generated_count])).toEqual([
        [201, 3],
        [201, 3],
      ]);
      const all = (await h.call("GET", "/api/articles", { token: admin.token })).body as { slug: string }[];
      const generated = all.map((a) => a.slug).filter((slug) => /^pets-(cats|dogs|birds)/.test(slug));
      expect(generated.sort()).toEqual([
        "pets-birds",
        "pets-birds-2",
        "pets-cats",
        "pets-cats-2",
        "pets-dogs",
        "pets-dogs-2",
      ]);
    } finally {
      for (const p of processes) p.close();
    }
  });
});

describe("the API document", () => {
  it("lists every endpoint with its access", async () => {
    const doc = await h.call("GET", "/api/openapi.json");
    expect(doc.body.openapi).toBe("3.1.0");
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(["/tools", "/tools/{id}", "/auth/signin", "/admin/tools/upload-csv", "/payments/webhook"]),
    );
    expect(doc.body.paths["/tools"].post.requestBody.content["application/json"].schema.properties).toHaveProperty(
      "name",
    );
  });

  it("answers unknown API paths with JSON", async () => {
    const res = await h.call("GET", "/api/nothing/here");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: "Not found" });
  });
});
