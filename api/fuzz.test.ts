import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory } from "../db/queries/categories";
import { createTool } from "../db/queries/tools";
import { createHarness, type Harness } from "./testing/harness";
import { operations } from "./testing/operations";

/**
 * Hostile input for every documented endpoint, as anonymous, member and admin: malformed,
 * oversized, wrong-typed and injection-laden values. No input may produce a 5xx.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

const nasty = fc.oneof(
  fc.constantFrom(
    "",
    "'; DROP TABLE tools; --",
    '" OR 1=1 --',
    "NEAR(a b)",
    '"unterminated',
    "*",
    "</script><script>alert(1)</script>",
    "</Script ><!--",
    "javascript:alert(1)",
    "data:text/html,<b>x</b>",
    "JaVaScRiPt:alert(1)",
    "\u0000\u202e\ud83d\ude00",
    "𝕏".repeat(300),
    "9".repeat(400),
    "-1",
    "1e308",
    "NaN",
    "null",
    "[]",
    "{}",
  ),
  fc.string({ maxLength: 40 }),
);
const value = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nasty, { maxLength: 3 }),
  fc.dictionary(nasty, nasty, { maxKeys: 3 }),
);
const body = fc.oneof(
  fc.dictionary(
    fc.constantFrom(
      "name",
      "email",
      "password",
      "rating",
      "comment",
      "title",
      "slug",
      "category_id",
      "pricing_type",
      "is_featured",
      "website_url",
      "faq",
      "package_id",
      "origin_url",
      "status",
      "keywords",
    ),
    value,
    { maxKeys: 6 },
  ),
  value,
);

let h: Harness;
let tokens: Record<string, string | undefined>;
beforeAll(async () => {
  h = await createHarness();
  const category = await createCategory(h.db, { name: "Writing", slug: "writing" });
  const member = await h.user();
  await createTool(h.db, { name: "Target", category_id: category.id }, member.id);
  tokens = { anonymous: undefined, member: member.token, admin: (await h.user({ role: "admin" })).token };
});
afterAll(async () => h.close());

let cases = 0;
afterAll(() => console.log(`hostile input: ${cases} cases checked (seed ${SEED})`));

describe(`hostile input (seed ${SEED}, ${RUNS} cases per endpoint and role)`, () => {
  for (const op of operations.filter((o) => !o.upload)) {
    it(`${op.method.toUpperCase()} ${op.path} never answers 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom("anonymous", "member", "admin"),
          nasty,
          fc.dictionary(
            fc.constantFrom(
              "search",
              "category_id",
              "pricing",
              "limit",
              "offset",
              "submitted_by",
              "keywords",
              "range",
              "sort",
              "filter",
            ),
            nasty,
            { maxKeys: 4 },
          ),
          body,
          async (role, param, query, payload) => {
            const path = op.path.replace(/\{\w+\}/g, () => encodeURIComponent(param || "1"));
            const qs = new URLSearchParams(query as Record<string, string>).toString();
            const hasBody = op.method === "post" || op.method === "put";
            const res = await h.call(op.method.toUpperCase(), `/api${path}${qs ? `?${qs}` : ""}`, {
              token: tokens[role],
              ...(hasBody ? { raw: JSON.stringify(payload), headers: { "content-type": "application/json" } } : {}),
            });
            cases++;
            expect(res.status, `${role} ${path}?${qs} ${JSON.stringify(payload)}`).toBeLessThan(500);
            if (res.status >= 400 && res.status !== 204) expect(typeof res.body?.detail).toBe("string");
          },
        ),
        { seed: SEED, numRuns: RUNS },
      );
    });
  }
});
