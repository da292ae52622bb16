import type { APIContext } from "astro";

export function GET(context: APIContext) {
  const sitemap = new URL("/sitemap-index.xml", context.site ?? "http://localhost:4321").href;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin/",
    "Disallow: /api/",
    "Disallow: /account",
    "Disallow: /submit",
    "Disallow: /edit-tool/",
    "Disallow: /payment-success",
    "",
    `Sitemap: ${sitemap}`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8" } });
}
