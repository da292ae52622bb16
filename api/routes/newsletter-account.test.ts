import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recipientCount } from "../../db/queries/newsletter";
import { workSettled } from "../after-response";
import { createHarness, type Harness } from "../testing/harness";
import { startInbox } from "../testing/inbox";

let h: Harness;
let inbox: Awaited<ReturnType<typeof startInbox>>;
beforeAll(async () => {
  h = await createHarness();
  inbox = await startInbox(h);
});
afterAll(async () => {
  await inbox.close();
  await h.close();
});

async function delivered() {
  await workSettled(h.settings);
  return inbox.deliver();
}

const state = async (token: string) => (await h.call("GET", "/api/auth/me/newsletter", { token })).body;
const setTo = (token: string, subscribed: unknown) =>
  h.call("PUT", "/api/auth/me/newsletter", { token, body: { subscribed } });

describe("the account's newsletter switch", () => {
  it("joins a verified member at once, with no mail, and leaves with one click", async () => {
    const member = await h.user();
    expect(await state(member.token)).toEqual({
      newsletter: "none",
      detail: "You are not subscribed to the weekly newsletter",
    });
    const before = await recipientCount(h.db);
    const joined = await setTo(member.token, true);
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({ newsletter: "subscribed", detail: "You are subscribed to the weekly newsletter" });
    expect(await recipientCount(h.db)).toBe(before + 1);
    expect(await delivered()).toEqual([]);

    const left = await setTo(member.token, false);
    expect(left.body.newsletter).toBe("none");
    expect(await recipientCount(h.db)).toBe(before);
    // Joining again undoes the member's own unsubscribe.
    expect((await setTo(member.token, true)).body.newsletter).toBe("subscribed");
    expect(await recipientCount(h.db)).toBe(before + 1);
  });

  it("waits for the account's address to be confirmed: a stranger's subscription is not its to see or end", async () => {
    // Someone subscribes and confirms on the public form...
    const owner = `owner-${Date.now()}@example.com`;
    await h.call("POST", "/api/newsletter/subscribe", { body: { email: owner } });
    const [mail] = await delivered();
    const token = /\/newsletter\/confirm\?token=([\w-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect((await h.call("POST", "/api/newsletter/confirm", { body: { token } })).status).toBe(200);
    const receiving = await recipientCount(h.db);
    // ...and another signs up with that address, never confirming it.
    const squatter = await h.user({ email: owner, verified: false, password: "squatter-password-1" });
    expect(await state(squatter.token)).toEqual({
      newsletter: "unconfirmed",
      detail: "Confirm your e-mail address first: follow the link we mailed you",
    });
    for (const subscribed of [false, true]) {
      const refused = await setTo(squatter.token, subscribed);
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toBe("Confirm your e-mail address first: follow the link we mailed you");
    }
    const data = (await h.call("GET", "/api/auth/me/export", { token: squatter.token })).body;
    expect(data.subscriptions.newsletter).toBeNull();
    const gone = await h.call("DELETE", "/api/auth/me", {
      token: squatter.token,
      body: { password: "squatter-password-1", tools: "delete" },
    });
    expect(gone.status).toBeLessThan(300);
    expect(await recipientCount(h.db)).toBe(receiving);
  });

  it("keeps a bounced address off the list: the switch says it is not subscribed", async () => {
    const member = await h.user();
    await h.db.$client.execute({
      sql: "INSERT INTO mail_suppressions (email, list, reason) VALUES (?, '*', 'bounced')",
      args: [member.email],
    });
    expect((await setTo(member.token, true)).body.newsletter).toBe("none");
  });

  it("answers only a signed-in member, and refuses a body that is not a yes or no", async () => {
    expect((await h.call("GET", "/api/auth/me/newsletter")).status).toBe(401);
    expect((await h.call("PUT", "/api/auth/me/newsletter", { body: { subscribed: true } })).status).toBe(401);
    const member = await h.user();
    for (const body of [{ subscribed: "yes" }, {}, { subscribed: null }]) {
      const res = await h.call("PUT", "/api/auth/me/newsletter", { token: member.token, body });
      expect(res.status).toBe(422);
      expect(res.body.detail).toMatch(/subscribed/);
    }
  });
});
