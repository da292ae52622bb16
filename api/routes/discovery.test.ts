import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadAlternativesIndex } from "../../db/queries/alternatives";
import { createCategory } from "../../db/queries/categories";
import { createTool } from "../../db/queries/tools";
import { tags, toolTags } from "../../db/schema";
import { createHarness, type Harness } from "../testing/harness";

let h: Harness;
let admin: { token: string };
let member: { token: string };
const ids: Record<string, number> = {};
beforeAll(async () => {
  h = await createHarness();
  admin = await h.user({ role: "admin" });
  member = await h.user();
  const video = (await createCategory(h.db, { name: "Video", slug: "video" })).id;
  const audio = (await createCategory(h.db, { name: "Audio", slug: "audio" })).id;
  for (const [name, category_id, description] of [
    ["Clip Cutter", video, "Cuts long videos into short clips with captions."],
    ["Caption Bot", video, "Adds captions and subtitles to videos."],
    ["Frame Fixer", video, "Restores old footage."],
    ["Reel Maker", video, "Turns scripts into short clips."],
    ["Voice Over", audio, "Reads scripts aloud with captions."],
  ] as const) {
    ids[name] = (await createTool(h.db, { name, description, category_id, pricing_type: "freemium" }, null)).id;
  }
  const [shorts] = await h.db.insert(tags).values({ slug: "short-form", name: "Short-form video" }).returning();
  await h.db.insert(toolTags).values([
    { tool_id: ids["Clip Cutter"] as number, tag_id: shorts?.id as number },
    { tool_id: ids["Reel Maker"] as number, tag_id: shorts?.id as number },
  ]);
});
afterAll(async () => h.close());

describe("GET /api/tools/{id}/alternatives", () => {
  it("answers anyone with the ranked tools, each with its score and reasons", async () => {
    const res = await h.call("GET", `/api/tools/${ids["Clip Cutter"]}/alternatives`);
    expect(res.status).toBe(200);
    expect(res.body.map((t: { name: string }) => t.name)).toEqual([
      "Reel Maker",
      "Caption Bot",
      "Frame Fixer",
      "Voice Over",
    ]);
    expect(res.body[0]).toMatchObject({
      id: ids["Reel Maker"],
      slug: "reel-maker",
      category_name: "Video",
      pricing_type: "freemium",
      reasons: [
        "Shares tag: Short-form video",
        "Also in Video",
        "Both mention “clips” and “short”",
        "Also has a free plan",
      ],
    });
    expect(res.body[0].score).toBeGreaterThan(res.body[1].score);
    expect(res.body[0]).not.toHaveProperty("affiliate_clicks");
  });

  it("is the list the pages are built from", async () => {
    const index = await loadAlternativesIndex(h.db);
    for (const id of Object.values(ids)) {
      const res = await h.call("GET", `/api/tools/${id}/alternatives`);
      expect(res.body.map((t: { id: number }) => t.id)).toEqual(index.list(id));
    }
  });

  it("answers 404 for an unknown tool and 422 for an id that is no integer", async () => {
    const missing = await h.call("GET", "/api/tools/999999/alternatives");
    expect(missing).toMatchObject({ status: 404, body: { detail: "Tool not found" } });
    for (const id of ["abc", "1.5", "-3", "0", "1e3", "99999999999999999999", "%27%3B--"]) {
      const bad = await h.call("GET", `/api/tools/${id}/alternatives`);
      expect(bad.status, id).toBe(422);
      expect(bad.body.detail, id).toMatch(/^id: /);
    }
  });
});

describe("the comparisons admin resource", () => {
  const body = (a: string, b: string, verdicts: Partial<{ verdict_a: string; verdict_b: string }> = {}) => ({
    tool_a_id: ids[a],
    tool_b_id: ids[b],
    ...verdicts,
  });

  it("is refused to anonymous visitors (401) and members (403), who change nothing", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/comparisons"],
      ["POST", "/api/admin/comparisons"],
      ["GET", "/api/admin/comparisons/1"],
      ["PUT", "/api/admin/comparisons/1"],
      ["DELETE", "/api/admin/comparisons/1"],
    ] as const) {
      const payload = method === "POST" || method === "PUT" ? body("Clip Cutter", "Voice Over") : undefined;
      expect((await h.call(method, path, { body: payload })).status, `${method} ${path}`).toBe(401);
      const asMember = await h.call(method, path, { token: member.token, body: payload });
      expect(asMember.status, `${method} ${path}`).toBe(403);
      expect(asMember.body.detail).toBe("Admin access required");
    }
    const count = await h.db.$client.execute("SELECT count(*) AS n FROM comparisons");
    expect(Number(count.rows[0]?.n)).toBe(0);
  });

  it("creates a pair in either order, verdicts kept with their tool, and names its page", async () => {
    const changes = h.changes.length;
    const res = await h.call("POST", "/api/admin/comparisons", {
      token: admin.token,
      body: body("Voice Over", "Clip Cutter", { verdict_a: "Best for narration", verdict_b: "Best for clips" }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      tool_a_id: ids["Clip Cutter"],
      tool_b_id: ids["Voice Over"],
      verdict_a: "Best for clips",
      verdict_b: "Best for narration",
      tool_a_name: "Clip Cutter",
      tool_b_name: "Voice Over",
      path: "/compare/clip-cutter-vs-voice-over",
    });
    expect(h.changes.slice(changes)).toEqual(["comparison created: clip-cutter-vs-voice-over"]);
    const list = await h.call(
      "GET",
      `/api/admin/comparisons?range=[0,9]&filter=${encodeURIComponent('{"q":"voice"}')}`,
      {
        token: admin.token,
      },
    );
    expect(list.headers.get("content-range")).toBe("comparisons 0-0/1");
    expect(list.body[0].id).toBe(res.body.id);
  });

  it("refuses the same tool twice (422), an unknown tool (422) and a pair compared already (409)", async () => {
    const same = await h.call("POST", "/api/admin/comparisons", {
      token: admin.token,
      body: body("Clip Cutter", "Clip Cutter"),
    });
    expect(same).toMatchObject({ status: 422, body: { detail: "Pick two different tools to compare" } });
    const unknown = await h.call("POST", "/api/admin/comparisons", {
      token: admin.token,
      body: { tool_a_id: ids["Clip Cutter"], tool_b_id: 999_999 },
    });
    expect(unknown).toMatchObject({ status: 422, body: { detail: "tool_b_id: no such tool" } });
    for (const pair of [body("Clip Cutter", "Voice Over"), body("Voice Over", "Clip Cutter")]) {
      const twice = await h.call("POST", "/api/admin/comparisons", { token: admin.token, body: pair });
      expect(twice).toMatchObject({ status: 409, body: { detail: "These two tools are already compared" } });
    }
    const other = await h.call("POST", "/api/admin/comparisons", {
      token: admin.token,
      body: body("Reel Maker", "Frame Fixer"),
    });
    expect(other.status).toBe(201);
    const onto = await h.call("PUT", `/api/admin/comparisons/${other.body.id}`, {
      token: admin.token,
      body: body("Voice Over", "Clip Cutter"),
    });
    expect(onto.status).toBe(409);
  });

  it("answers 422 with a detail for hostile bodies, never 5xx", async () => {
    for (const payload of [
      {},
      { tool_a_id: "1; DROP TABLE tools", tool_b_id: 2 },
      { tool_a_id: 1.5, tool_b_id: 2 },
      { tool_a_id: -1, tool_b_id: 2 },
      { tool_a_id: ids["Clip Cutter"], tool_b_id: ids["Frame Fixer"], verdict_a: "x".repeat(2001) },
      { tool_a_id: ids["Clip Cutter"], tool_b_id: ids["Frame Fixer"], verdict_a: { $gt: "" } },
      [ids["Clip Cutter"], ids["Frame Fixer"]],
    ]) {
      const res = await h.call("POST", "/api/admin/comparisons", { token: admin.token, body: payload });
      expect(res.status, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(typeof res.body.detail).toBe("string");
    }
    const notJson = await h.call("POST", "/api/admin/comparisons", {
      token: admin.token,
      raw: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.status).toBeLessThan(500);
  });

  it("updates verdicts and deletes, reporting both tools as changed", async () => {
    const list = await h.call("GET", '/api/admin/comparisons?sort=["tool_a_name","ASC"]', { token: admin.token });
    const first = list.body[0];
    const updated = await h.call("PUT", `/api/admin/comparisons/${first.id}`, {
      token: admin.token,
      body: { ...first, verdict_a: "Edited verdict" },
    });
    expect(updated).toMatchObject({ status: 200, body: { verdict_a: "Edited verdict" } });
    const changes = h.changes.length;
    expect((await h.call("DELETE", `/api/admin/comparisons/${first.id}`, { token: admin.token })).status).toBe(200);
    expect(h.changes.slice(changes)).toEqual([`comparison deleted: ${first.path.slice("/compare/".length)}`]);
    expect((await h.call("GET", `/api/admin/comparisons/${first.id}`, { token: admin.token })).status).toBe(404);
    expect((await h.call("DELETE", `/api/admin/comparisons/${first.id}`, { token: admin.token })).status).toBe(404);
  });
});
