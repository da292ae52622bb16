import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

describe("a new member", () => {
  it("signs up, submits a tool and finds it by search once an admin approves it", async () => {
    const signup = await h.call("POST", "/api/auth/signup", {
      body: { email: "New@Example.com", password: "long-enough" },
    });
    expect(signup.status).toBe(201);
    expect(signup.body.user).toMatchObject({
      email: "new@example.com",
      user_metadata: { subscription_status: "free" },
    });
    const token = signup.body.access_token as string;
    const admin = await h.user({ role: "admin" });
    // Submitting asks for a confirmed address: the admin confirms it (the member could follow the mailed link).
    const verified = await h.call("POST", `/api/admin/users/${signup.body.user.id}/mark-verified`, {
      token: admin.token,
    });
    expect(verified.status).toBe(200);
    const created = await h.call("POST", "/api/tools/", {
      token,
      body: { name: "Prompt Pilot", description: "Writes prompts", website_url: "https://pilot.example" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      slug: "prompt-pilot",
      pricing_type: "free",
      is_featured: false,
      submitted_by: signup.body.user.id,
    });
    expect(created.body.status).toBe("pending");
    expect((await h.call("GET", "/api/tools?search=prom")).body).toEqual([]);
    const approved = await h.call("POST", "/api/admin/tools/approve", {
      token: admin.token,
      body: { ids: [created.body.id] },
    });
    expect(approved.status).toBe(200);
    const found = await h.call("GET", "/api/tools?search=prom");
    expect(found.body.map((t: { name: string }) => t.name)).toEqual(["Prompt Pilot"]);
    const fuzzy = await h.call("GET", "/api/tools/?search=promtp%20pilto");
    expect(fuzzy.body.map((t: { name: string }) => t.name)).toEqual(["Prompt Pilot"]);
  });
});
