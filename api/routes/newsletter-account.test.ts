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

  it("mails an unverified member a link to confirm, and says so until it is followed", async () => {
    const member = await h.user({ verified: false });
    const asked = await setTo(member.token, true);
    expect(asked.status).toBe(200);
    expect(asked.body.newsletter).toBe("pending");
    const [mail, ...rest] = await delivered();
    expect(rest).toEqual([]);
    expect([mail?.to].flat()[0]?.text).toBe(member.email);
    const token = /\/newsletter\/confirm\?token=([\w-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(token).not.toBe("");
    // Asking again while the link waits sends nothing more.
    expect((await setTo(member.token, true)).body.newsletter).toBe("pending");
    expect(await delivered()).toEqual([]);
    expect((await h.call("POST", "/api/newsletter/confirm", { body: { token } })).status).toBe(200);
    expect((await state(member.token)).newsletter).toBe("subscribed");
  });

  it("leaving drops a link still waiting to be followed", async () => {
    const member = await h.user({ verified: false });
    await setTo(member.token, true);
    const [mail] = await delivered();
    const token = /\/newsletter\/confirm\?token=([\w-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect((await setTo(member.token, false)).body.newsletter).toBe("none");
    expect((await h.call("POST", "/api/newsletter/confirm", { body: { token } })).status).toBe(404);
    expect((await state(member.token)).newsletter).toBe("none");
  });

  it("mails an unverified address at most 3 times a day, however often the switch is flipped", async () => {
    const member = await h.user({ verified: false });
    for (let n = 0; n < 3; n++) {
      expect((await setTo(member.token, true)).body.newsletter).toBe("pending");
      expect((await setTo(member.token, false)).body.newsletter).toBe("none");
    }
    const refused = await setTo(member.token, true);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/Too many mails/);
    expect(await delivered()).toHaveLength(3);
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
