import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextWeek, weekOf } from "../../lib/sponsors";
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

/** Pays a session on the local Stripe server and delivers its webhook twice (a retry). */
async function pay(sessionId: string) {
  const session = await h.stripe.pay(sessionId, { sendWebhook: false });
  for (let i = 0; i < 2; i++) {
    const res = await h.completeCheckout(session, { eventId: `evt_${sessionId}` });
    expect(res.status).toBe(200);
  }
}

const to = (mails: Awaited<ReturnType<typeof inbox.deliver>>, email: string) =>
  mails.filter((m) => m.to && "text" in m.to && m.to.text === email);

describe("purchase receipts", () => {
  it("mail one receipt for a sponsor booking's payment, however often it is delivered", async () => {
    const admin = await h.user({ role: "admin" });
    const buyer = await h.user();
    const placement = await h.call("POST", "/api/admin/sponsor-placements", {
      token: admin.token,
      body: { kind: "home_top", name: "Home top", weekly_price_cents: 4900, capacity: 1 },
    });
    const booked = await h.call("POST", "/api/sponsors/bookings", {
      token: buyer.token,
      body: {
        placement_id: placement.body.id,
        weeks: [nextWeek(weekOf(new Date()))],
        banner: { title: "Acme", text: "Acme writes", url: "https://acme.example/" },
      },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    await pay(booked.body.session_id);
    const mails = to(await inbox.deliver(), buyer.email);
    expect(mails.map((m) => m.subject)).toEqual(["Your receipt: sponsor weeks"]);
    expect(mails[0]?.text).toContain("we received your payment of $49.00 for sponsor weeks");
    expect(mails[0]?.text).toContain("waits for our approval");
    expect(mails[0]?.text).toContain("/advertise");
  });

  it("mail one receipt for a fast-track review's payment", async () => {
    const owner = await h.user();
    const tool = await h.call("POST", "/api/tools/", {
      token: owner.token,
      body: {
        name: "Receipt Tool",
        description: "",
        website_url: "https://example.com",
        logo_url: "",
        category_id: null,
      },
    });
    const checkout = await h.call("POST", `/api/tools/${tool.body.id}/fast-track`, { token: owner.token, body: {} });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    await pay(checkout.body.session_id);
    const mails = to(await inbox.deliver(), owner.email);
    expect(mails.map((m) => m.subject)).toEqual(["Your receipt: reviewing Receipt Tool first"]);
    expect(mails[0]?.text).toContain("we received your payment of $19.00 for reviewing Receipt Tool first");
    expect(mails[0]?.text).toContain("refunded in full");
  });
});
