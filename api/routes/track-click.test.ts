import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

// Straight to the database: this test is about the click route alone.
const clicksOf = async (id: number) =>
  Number(
    (await h.db.$client.execute({ sql: "SELECT affiliate_clicks FROM tools WHERE id = ?", args: [id] })).rows[0]?.[0],
  );
const newTool = async (name: string) =>
  Number(
    (
      await h.db.$client.execute({
        sql: "INSERT INTO tools (slug, name) VALUES (?, ?) RETURNING id",
        args: [`${name.toLowerCase()}-${Date.now()}`, name],
      })
    ).rows[0]?.[0],
  );

describe("visit-website clicks", () => {
  it("count one click per address per tool per minute, and always answer ok", async () => {
    const one = { id: await newTool("Clicky") };
    const two = { id: await newTool("Clacky") };
    for (let i = 0; i < 20; i++) {
      const res = await h.call("POST", `/api/tools/${one.id}/track-click`, { address: "192.0.2.10" });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
    }
    expect(await clicksOf(one.id)).toBe(1);
    await h.call("POST", `/api/tools/${one.id}/track-click`, { address: "192.0.2.11" });
    await h.call("POST", `/api/tools/${two.id}/track-click`, { address: "192.0.2.10" });
    await Promise.all(
      Array.from({ length: 10 }, () => h.call("POST", `/api/tools/${two.id}/track-click`, { address: "192.0.2.12" })),
    );
    expect(await clicksOf(one.id)).toBe(2);
    expect(await clicksOf(two.id)).toBe(2);
    // An unknown tool stays a 404, however often it is asked for.
    for (let i = 0; i < 2; i++) {
      expect((await h.call("POST", "/api/tools/999999/track-click", { address: "192.0.2.10" })).status).toBe(404);
    }
  });

  it("count what a browser on the site sends and refuse cross-site requests (403)", async () => {
    const tool = await newTool("Origins");
    const click = (address: string, headers: Record<string, string>) =>
      h.call("POST", `/api/tools/${tool}/track-click`, { address, headers });
    const site = `http://localhost:${h.settings.PORT}`;
    // Sent by another site's page: by fetch metadata, or by Origin alone (older browsers).
    for (const headers of <Record<string, string>[]>[
      { "sec-fetch-site": "cross-site", origin: "https://elsewhere.example" },
      { "sec-fetch-site": "same-site", origin: site },
      { origin: "https://elsewhere.example" },
      { origin: "null" },
    ]) {
      const res = await click("192.0.2.40", headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body.detail).toBe("Only this site's own pages may send this request");
    }
    expect(await clicksOf(tool)).toBe(0);
    // The site's own page (its Origin may be a dev proxy's), an older browser there, a non-browser.
    expect(
      (await click("192.0.2.41", { "sec-fetch-site": "same-origin", origin: "http://localhost:9999" })).status,
    ).toBe(200);
    expect((await click("192.0.2.42", { origin: site })).status).toBe(200);
    expect((await click("192.0.2.43", {})).status).toBe(200);
    expect(await clicksOf(tool)).toBe(3);
  });
});
