import type { APIRequestContext, Page } from "@playwright/test";
import { builtAfter, confirmAddress, expect, lastBuildId, test, uniqueEmail, whenServed } from "./fixtures";

/**
 * Every place the spec renders someone's text (tool names, markdown, URL fields, screenshots,
 * pros/cons, FAQ and its JSON-LD, reviews, categories, articles) gets content that would run a
 * script if it were ever treated as HTML or as a link target. The pages must show it as text and
 * run nothing: a payload that ran would set window.__pwned, open a dialog, or be stopped by the
 * CSP, which logs a console error; the fixture fails the test on either of the last two.
 */
const RUN = (tag: string) => `window.__pwned='${tag}'`;
const NAME = `Pwn <img src=x onerror="${RUN("name")}"> </script><script>${RUN("name2")}</script> Kit`;
const MARKDOWN = [
  "Markdown vectors:",
  "",
  `[js link](javascript:${RUN("md-js")})`,
  `[upper js](JaVaScRiPt:${RUN("md-upper")})`,
  `[data link](data:text/html,<script>${RUN("md-data")}</script>)`,
  `[vb](vbscript:msgbox(1))`,
  `![img](javascript:${RUN("md-img")})`,
  `<img src=x onerror="${RUN("md-html")}">`,
  `<script>${RUN("md-script")}</script>`,
  `<a href="javascript:${RUN("md-a")}">raw anchor</a>`,
  `[ok link](https://example.com/safe)`,
].join("\n");
const TEXT = `"'><svg onload="${RUN("text")}"></svg></script><!--`;

async function token(request: APIRequestContext, path: string, email: string, password: string) {
  const res = await request.post(path, { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return { Authorization: `Bearer ${(await res.json()).access_token}` };
}

/** Fails if anything ran, any element carries an event handler, or any link leaves http(s). */
async function expectInert(page: Page) {
  // Every image has loaded or failed (so any onerror has fired) and every script has run.
  await page.waitForLoadState("load");
  const found = await page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: string }).__pwned ?? null,
    handlers: [...document.querySelectorAll("*")].flatMap((el) =>
      [...el.attributes].filter((a) => a.name.startsWith("on")).map((a) => `${el.tagName} ${a.name}`),
    ),
    links: [...document.querySelectorAll<HTMLAnchorElement>("a[href]")]
      .map((a) => a.getAttribute("href") ?? "")
      .filter((href) => /^\s*[a-z][a-z0-9+.-]*:/i.test(href) && !/^(https?|mailto):/i.test(href.trim())),
    frames: [...document.querySelectorAll("iframe")]
      .map((f) => f.src)
      .filter((src) => !/^https:\/\/(www\.youtube\.com|player\.vimeo\.com)\//.test(src)),
  }));
  expect(found).toEqual({ pwned: null, handlers: [], links: [], frames: [] });
}

test("hostile content in every rendered field executes nothing in a visitor's browser", async ({
  page,
  request,
  consoleErrors,
}) => {
  const admin = await token(request, "/api/auth/signin", "admin@example.com", "demo-password");
  const memberEmail = uniqueEmail("hostile");
  const member = await token(request, "/api/auth/signup", memberEmail, "correct-horse-battery");
  await confirmAddress(request, memberEmail);
  // Nobody reviews their own tool: another member writes the hostile review.
  const reviewer = await token(request, "/api/auth/signup", uniqueEmail("reviewer"), "correct-horse-battery");
  const since = await lastBuildId(request);

  // URL fields refuse every scheme but http(s), with a readable detail.
  for (const website_url of [
    `javascript:${RUN("url")}`,
    ` JavaScript:${RUN("url")}`,
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
  ]) {
    const refused = await request.post("/api/tools/", { headers: member, data: { name: "Refused", website_url } });
    expect(refused.status()).toBe(422);
    expect((await refused.json()).detail).toContain("http(s)");
  }

  const categories = await (await request.get("/api/categories/")).json();
  const created = await request.post("/api/tools/", {
    headers: member,
    data: {
      name: NAME,
      description: MARKDOWN,
      website_url: 'https://example.com/?q="><script>',
      category_id: categories[0].id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const tool = await created.json();
  // A member's submission waits for review: an admin publishes it.
  const approved = await request.post("/api/admin/tools/approve", { headers: admin, data: { ids: [tool.id] } });
  expect(approved.status(), await approved.text()).toBe(200);

  const fields = {
    screenshots: [{ url: `https://shots.example/a.png?"><script>${RUN("shot")}</script>`, alt_text: TEXT }],
    pros_cons: { pros: [TEXT], cons: [NAME] },
    faq: [{ question: `</script><script>${RUN("faq")}</script>?`, answer: MARKDOWN, order: 1 }],
    affiliate_link: `https://aff.example/?u="><img src=x onerror=${RUN("aff")}>`,
  };
  // A video link that is not a YouTube or Vimeo player is refused, and nothing of the edit lands.
  for (const video_url of ["https://evil.example/watch?v=abc", `https://www.youtube.com/watch?v=abc"><script>`]) {
    const refused = await request.put(`/api/tools/${tool.id}`, { headers: admin, data: { ...fields, video_url } });
    expect(refused.status()).toBe(422);
    expect((await refused.json()).detail).toContain("YouTube or Vimeo");
  }
  expect((await (await request.get(`/api/tools/slug/${tool.slug}`)).json()).screenshots).toEqual([]);
  const saved = await request.put(`/api/tools/${tool.id}`, {
    headers: admin,
    data: { ...fields, video_url: "https://www.youtube.com/watch?v=abc123" },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const review = await request.post(`/api/reviews/tool/${tool.id}`, {
    headers: reviewer,
    data: { rating: 3, comment: MARKDOWN },
  });
  expect(review.ok(), await review.text()).toBe(true);

  const category = await request.post("/api/admin/categories/", {
    headers: admin,
    data: {
      name: `Hostile ${Date.now()}`,
      description: TEXT,
      long_form_content: MARKDOWN,
      faq: [{ question: TEXT, answer: MARKDOWN, order: 1 }],
    },
  });
  expect(category.ok(), await category.text()).toBe(true);
  const categorySlug = (await category.json()).slug;
  const articleSlug = `hostile-${Date.now()}`;
  const article = await request.post("/api/articles", {
    headers: admin,
    data: {
      title: NAME,
      slug: articleSlug,
      status: "published",
      excerpt: TEXT,
      content: MARKDOWN,
      meta_title: TEXT,
      meta_description: TEXT,
      featured_image: `https://img.example/a.png?"><script>${RUN("image")}</script>`,
    },
  });
  expect(article.ok(), await article.text()).toBe(true);

  // The article is the last change: the full build that took it holds the tool and category too.
  await builtAfter(request, since, `article created: ${articleSlug}`);
  await whenServed(page, `/blog/${articleSlug}`, async () => {
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(NAME, { timeout: 1000 });
  });

  await page.goto(`/tool/${tool.slug}`);
  await expect(page.getByText("Markdown vectors:").first()).toBeVisible();
  await expect(page.getByText(`<img src=x onerror="${RUN("md-html")}">`).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "js link" }).first()).not.toHaveAttribute("href", /javascript/i);
  await expect(page.getByText(TEXT).first()).toBeAttached();
  const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((s) => JSON.parse(s));
  expect(ld.find((d) => d["@type"] === "SoftwareApplication").name).toBe(NAME);
  await expectInert(page);
  // Following a neutralised link runs nothing either.
  await page.getByRole("link", { name: "js link" }).first().click();
  await expectInert(page);

  for (const path of [`/blog/${articleSlug}`, "/blog", `/category/${categorySlug}`, "/"]) {
    await page.goto(path);
    await expectInert(page);
  }
  await page.goto(`/category/${categorySlug}`);
  await expect(page.getByText("Markdown vectors:").first()).toBeVisible();
  // The directory island renders the name from the API as text too.
  await page.goto("/");
  await page.getByLabel("Search AI tools").fill("Pwn Kit");
  await page.getByLabel("Search AI tools").press("Enter");
  await expect(page.locator("article.tool-card h3").first()).toHaveText(NAME);
  await expectInert(page);
  expect(consoleErrors).toEqual([]);
});
