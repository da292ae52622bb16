import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/harness";

let h: Harness;
let admin: { token: string };
beforeAll(async () => {
  h = await createHarness();
  admin = await h.user({ role: "admin" });
});
afterAll(async () => h.close());

describe("reading a renamed record by an old slug", () => {
  it("a tool its owner renamed: 301 to the current slug's call, which answers as before", async () => {
    const owner = await h.user();
    const created = await h.call("POST", "/api/tools/", { token: owner.token, body: { name: "Prose Pal" } });
    expect(created.status).toBe(201);
    // A member's submission is public once approved.
    const approved = await h.call("POST", "/api/admin/tools/approve", {
      token: admin.token,
      body: { ids: [created.body.id] },
    });
    expect(approved.status).toBe(200);
    const edit = await h.call("PUT", `/api/tools/${created.body.id}`, {
      token: owner.token,
      body: { name: "Prose Buddy" },
    });
    // A member's rename of a published tool waits for review; approved, it renames the slug.
    expect(edit.body).toMatchObject({ slug: "prose-pal", pending_revision: true });
    const [revision] = (await h.call("GET", "/api/admin/revisions", { token: admin.token })).body;
    const renamed = await h.call("POST", `/api/admin/revisions/${revision.id}/approve`, { token: admin.token });
    expect(renamed.body.tool.slug).toBe("prose-buddy");
    for (const path of ["/api/tools/slug/prose-pal", "/api/tools/slug/prose-pal/"]) {
      const old = await h.call("GET", path);
      expect(old.status, path).toBe(301);
      expect(old.headers.get("location")).toBe("/api/tools/slug/prose-buddy");
    }
    const current = await h.call("GET", "/api/tools/slug/prose-buddy");
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ id: created.body.id, slug: "prose-buddy", name: "Prose Buddy" });
  });

  it("a tool the admin renamed twice: the first slug goes straight to the last", async () => {
    const created = await h.call("POST", "/api/admin/tools", { token: admin.token, body: { name: "Draw One" } });
    await h.call("PUT", `/api/admin/tools/${created.body.id}`, { token: admin.token, body: { name: "Draw Two" } });
    await h.call("PUT", `/api/tools/${created.body.id}`, { token: admin.token, body: { name: "Draw Three" } });
    for (const old of ["draw-one", "draw-two"]) {
      const res = await h.call("GET", `/api/tools/slug/${old}`);
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe("/api/tools/slug/draw-three");
    }
  });

  it("a deleted tool's old slug is 404 in the error shape, like any unknown slug", async () => {
    const created = await h.call("POST", "/api/admin/tools", { token: admin.token, body: { name: "Short Lived" } });
    await h.call("PUT", `/api/admin/tools/${created.body.id}`, { token: admin.token, body: { name: "Shorter Lived" } });
    expect((await h.call("GET", "/api/tools/slug/short-lived")).status).toBe(301);
    await h.call("DELETE", `/api/tools/${created.body.id}`, { token: admin.token });
    for (const slug of ["short-lived", "shorter-lived", "never-was"]) {
      const res = await h.call("GET", `/api/tools/slug/${slug}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: "Tool not found" });
    }
  });

  it("a category renamed through the spec's call or the admin resource", async () => {
    const created = await h.call("POST", "/api/admin/categories/", {
      token: admin.token,
      body: { name: "Audio", slug: "audio" },
    });
    await h.call("PUT", `/api/admin/categories/${created.body.id}/`, {
      token: admin.token,
      body: { name: "Audio", slug: "sound" },
    });
    await h.call("PUT", `/api/admin/categories/${created.body.id}`, {
      token: admin.token,
      body: { name: "Audio", slug: "audio-tools" },
    });
    for (const old of ["audio", "sound"]) {
      const res = await h.call("GET", `/api/categories/slug/${old}/`);
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe("/api/categories/slug/audio-tools");
    }
    expect((await h.call("GET", "/api/categories/slug/audio-tools")).body).toMatchObject({ name: "Audio" });
  });

  it("a published article, through /articles and the Content resource; a draft's old slug stays 404", async () => {
    const created = await h.call("POST", "/api/articles", {
      token: admin.token,
      body: { title: "Tips", slug: "tips", status: "published" },
    });
    await h.call("PUT", `/api/articles/${created.body.id}`, {
      token: admin.token,
      body: { title: "Tips", slug: "tips-and-tricks", status: "published" },
    });
    const old = await h.call("GET", "/api/articles/tips");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/api/articles/tips-and-tricks");
    expect((await h.call("GET", "/api/articles/tips-and-tricks")).body).toMatchObject({ title: "Tips" });

    await h.call("PUT", `/api/admin/content/${created.body.id}`, {
      token: admin.token,
      body: { title: "Tips", slug: "hidden-tips", status: "draft" },
    });
    for (const slug of ["tips", "tips-and-tricks"]) {
      const res = await h.call("GET", `/api/articles/${slug}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: "Article not found" });
    }
  });

  it("a slug an admin released is free: a new record takes it and answers with it", async () => {
    const first = await h.call("POST", "/api/admin/tools", { token: admin.token, body: { name: "Taken Name" } });
    await h.call("PUT", `/api/admin/tools/${first.body.id}`, { token: admin.token, body: { name: "Other Name" } });
    const released = await h.call("DELETE", "/api/admin/tool-slugs/taken-name", { token: admin.token });
    expect(released.status).toBe(200);
    expect((await h.call("GET", "/api/tools/slug/taken-name")).status).toBe(404);
    const second = await h.call("POST", "/api/admin/tools", { token: admin.token, body: { name: "Taken Name" } });
    expect(second.body.slug).toBe("taken-name");
    const res = await h.call("GET", "/api/tools/slug/taken-name");
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(second.body.id);
  });
});

describe("a renamed tool's old slug stays reserved for it", () => {
  /** A member's tool, approved, then renamed by its owner: `oldName`'s slug now redirects. */
  async function renamedTool(oldName: string, newName: string) {
    const owner = await h.user();
    const created = await h.call("POST", "/api/tools/", { token: owner.token, body: { name: oldName } });
    await h.call("POST", "/api/admin/tools/approve", { token: admin.token, body: { ids: [created.body.id] } });
    await h.call("PUT", `/api/admin/tools/${created.body.id}`, { token: admin.token, body: { name: newName } });
    return { id: created.body.id as number, owner };
  }

  const location = async (slug: string) => {
    const res = await h.call("GET", `/api/tools/slug/${slug}`);
    return [res.status, res.headers.get("location")];
  };

  it("another member's new tool or rename gets -2; the old link keeps its 301, pending or not", async () => {
    await renamedTool("Hijack Me", "Hijack Me Not");
    const attacker = await h.user();
    const pending = await h.call("POST", "/api/tools/", { token: attacker.token, body: { name: "Hijack Me" } });
    expect(pending.status).toBe(201);
    expect(pending.body).toMatchObject({ status: "pending", slug: "hijack-me-2" });
    expect(await location("hijack-me")).toEqual([301, "/api/tools/slug/hijack-me-not"]);

    const other = await h.call("POST", "/api/tools/", { token: attacker.token, body: { name: "Innocent" } });
    const renamed = await h.call("PUT", `/api/tools/${other.body.id}`, {
      token: attacker.token,
      body: { name: "Hijack Me" },
    });
    expect(renamed.body.slug).toBe("hijack-me-3");
    expect(await location("hijack-me")).toEqual([301, "/api/tools/slug/hijack-me-not"]);
  });

  it("the tool itself may take its old slug back", async () => {
    const { id } = await renamedTool("Back Again", "Gone Away");
    const back = await h.call("PUT", `/api/tools/${id}`, { token: admin.token, body: { name: "Back Again" } });
    expect(back.body.slug).toBe("back-again");
  });

  it("after the tool is deleted its old slug answers 404 and stays reserved until an admin releases it", async () => {
    const { id, owner } = await renamedTool("Left Behind", "Left Behind Pro");
    expect((await h.call("DELETE", `/api/tools/${id}`, { token: owner.token })).status).toBe(200);
    const gone = await h.call("GET", "/api/tools/slug/left-behind");
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ detail: "Tool not found" });
    const member = await h.user();
    const taker = await h.call("POST", "/api/tools/", { token: member.token, body: { name: "Left Behind" } });
    expect(taker.body.slug).toBe("left-behind-2");

    const refused = await h.call("DELETE", "/api/admin/tool-slugs/left-behind", { token: member.token });
    expect(refused.status).toBe(403);
    const released = await h.call("DELETE", "/api/admin/tool-slugs/left-behind", { token: admin.token });
    expect(released.status).toBe(200);
    const again = await h.call("DELETE", "/api/admin/tool-slugs/left-behind", { token: admin.token });
    expect(again.status).toBe(404);
    expect(again.body.detail).toBeTruthy();
    const next = await h.call("POST", "/api/tools/", { token: member.token, body: { name: "Left Behind" } });
    expect(next.body.slug).toBe("left-behind");
  });
});
