import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTool } from "../db/queries/tools";
import { coverSvg, logoSvg, screenshotSvg } from "../db/seed/artwork";
import { storeImage } from "../media/images";
import { createServer } from "./server";
import { createHarness, type Harness } from "./testing/harness";

/** A picture in each format the site takes, drawn here. */
const raw = { width: 300, height: 150, channels: 3 as const, background: { r: 200, g: 40, b: 40 } };
const picture = (format: "png" | "jpeg" | "gif" | "webp") => sharp({ create: raw })[format]().toBuffer();
const SCRIPTED_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" onload="alert(1)">
  <script>alert(document.cookie)</script><rect width="40" height="20" fill="#0a0"/></svg>`;

let mediaDir: string;

beforeAll(() => {
  mediaDir = mkdtempSync(join(tmpdir(), "media-test-"));
});

describe("uploads and serving", () => {
  let h: Harness;
  let owner: { id: number; token: string };
  let other: { token: string };
  let admin: { token: string };
  let toolId: number;
  beforeAll(async () => {
    h = await createHarness({ MEDIA_DIR: mediaDir });
    // Pro: the owner's logo goes live at once (a free member's waits for review once approved).
    owner = await h.user({ pro: true });
    other = await h.user();
    admin = await h.user({ role: "admin" });
    toolId = (await createTool(h.db, { name: "Uploaded" }, owner.id)).id;
  });
  afterAll(async () => h.close());

  const upload = async (path: string, body: Buffer | string, token?: string, name = "logo.png") => {
    const form = new FormData();
    form.set("file", new File([typeof body === "string" ? body : new Uint8Array(body)], name));
    form.set("alt_text", "Uploaded screenshot");
    const res = await h.app.request(`http://localhost/api${path}`, {
      method: "POST",
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  it("lets only the owner or an admin upload a logo: 401 anonymous, 403 another member", async () => {
    const png = await picture("png");
    expect((await upload(`/tools/${toolId}/logo`, png)).status).toBe(401);
    const refused = await upload(`/tools/${toolId}/logo`, png, other.token);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBeTruthy();
    const ok = await upload(`/tools/${toolId}/logo`, png, owner.token);
    expect(ok.status).toBe(200);
    expect(ok.body.logo_url).toMatch(/^\/media\/[0-9a-f]{32}-300\.webp$/);
    expect(ok.body.media.logo).toMatchObject({ width: 300, height: 150 });
    expect(h.changes.at(-1)).toMatch(/logo uploaded/);
  });

  it("refuses a non-image named .png (415), more than 5 MB (413) and takes a screenshot from an admin", async () => {
    const fake = await upload(`/tools/${toolId}/logo`, "#!/bin/sh\necho hi\n", owner.token);
    expect(fake).toEqual({ status: 415, body: { detail: "Only PNG, JPEG, WebP, GIF and SVG images are accepted" } });
    const big = await upload(`/tools/${toolId}/logo`, Buffer.alloc(6 * 1024 * 1024), owner.token);
    expect(big).toEqual({ status: 413, body: { detail: "The image is larger than 5 MB" } });
    expect((await upload(`/admin/tools/${toolId}/screenshots`, SCRIPTED_SVG, owner.token)).status).toBe(403);
    const shot = await upload(`/admin/tools/${toolId}/screenshots`, SCRIPTED_SVG, admin.token, "x.svg");
    expect(shot.status).toBe(200);
    expect(shot.body.screenshots).toEqual([
      { url: expect.stringMatching(/^\/media\//), alt_text: "Uploaded screenshot" },
    ]);
    expect(shot.body.media.screenshots).toHaveLength(1);
  });

  it("serves stored files with immutable caching; other names and traversal are 404", async () => {
    const { app } = createServer({ db: h.db, settings: h.settings, stripe: null, siteDir: mediaDir });
    const name = readdirSync(mediaDir).find((f) => f.endsWith(".webp")) as string;
    const res = await app.request(`http://localhost/media/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(8, 12)
        .toString(),
    ).toBe("WEBP");
    for (const path of [
      "/media/..%2f..%2fetc%2fpasswd",
      "/media/..%5c..%5ctest.db",
      "/media/abc.webp%00.png",
      `/media/${"0".repeat(32)}-96.webp`,
    ]) {
      expect((await app.request(`http://localhost${path}`)).status).toBe(404);
    }
  });
});

describe("converting uploads beside sign-ins", () => {
  /** No filter, yet minutes of drawing: hundreds of page-sized dashed circles over each other. */
  const SLOW_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1600">${'<circle cx="800" cy="800" r="1100" fill="#08f" fill-opacity=".5" stroke="#f00" stroke-width="300" stroke-dasharray="1 1"/>'.repeat(300)}</svg>`;
  const FILTER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1600"><filter id="f"><feTurbulence baseFrequency="0.9" numOctaves="8"/><feMorphology radius="40"/><feGaussianBlur stdDeviation="80"/></filter><rect width="1600" height="1600" filter="url(#f)"/></svg>`;
  let h: Harness;
  afterAll(async () => h.close());

  it("still converts the demo's own SVG artwork (gradients, shapes, text)", async () => {
    const scenes = ["chatbots", "image-generation", "data-analytics", "coding", "video", "writing"];
    const shots = scenes.map((category, i) => screenshotSvg("Converter", "Pool", i, category));
    for (const svg of [logoSvg("Converter"), coverSvg("A guide to converters"), ...shots])
      expect((await storeImage(Buffer.from(svg), mediaDir)).type).toBe("svg");
  });

  it("answers a sign-in while a member's hostile logos convert, and refuses those logos", async () => {
    h = await createHarness({ MEDIA_DIR: mediaDir });
    const member = await h.user();
    const toolId = (await createTool(h.db, { name: "Hostile" }, member.id)).id;
    const password = "a long enough password";
    const signer = await h.user({ password });
    const idle = performance.now();
    expect((await h.call("POST", "/api/auth/signin", { body: { email: signer.email, password } })).status).toBe(200);
    const idleLatency = performance.now() - idle;
    const events: string[] = [];
    const upload = async (svg: string, label: string) => {
      const form = new FormData();
      form.set("file", new File([svg], "logo.svg"));
      const res = await h.app.request(`http://localhost/api/tools/${toolId}/logo`, {
        method: "POST",
        headers: { authorization: `Bearer ${member.token}` },
        body: form,
      });
      const body = (await res.json()) as { detail?: string };
      events.push(`${label}: ${res.status} ${body.detail ?? ""}`);
    };
    const uploads = [...[1, 2, 3, 4].map((n) => upload(SLOW_SVG, `slow ${n}`)), upload(FILTER_SVG, "filters")];
    const started = performance.now();
    const signin = await h.call("POST", "/api/auth/signin", { body: { email: signer.email, password } });
    const latency = performance.now() - started;
    events.push(`sign-in: ${signin.status}`);
    console.log(
      `sign-in answered in ${Math.round(latency)} ms while 5 hostile logos converted (${Math.round(idleLatency)} ms idle)`,
    );
    await Promise.all(uploads);
    expect(events[0]).toBe("sign-in: 200");
    expect(events.slice(1).sort()).toEqual([
      "filters: 422 SVG filters are not accepted: send the picture without them, or as PNG",
      ...[1, 2, 3, 4].map((n) => `slow ${n}: 422 The image took too long to convert`),
    ]);
  });
});
