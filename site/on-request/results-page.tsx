import { serializeProps } from "astro/runtime/server/serialize.js";
import type { ReactElement } from "react";
import { prerender } from "react-dom/static";
import type { Db } from "../../db/client";
import { dealsOf } from "../../db/queries/deals";
import { searchTools } from "../../db/queries/tools";
import { CATEGORY_PAGE_LIMIT, PAGE_SIZE } from "../../lib/limits";
import { type DirectoryView, type Filters, indexing } from "../../lib/view-filters";
import CategoryTools, { answeredByApi } from "../islands/CategoryTools";
import Directory from "../islands/Directory";
import { toCard } from "../lib/tool-card";
import type { CategoryChip, TagChip, ToolCardData } from "../lib/types";

type HomeProps = { initialTools: ToolCardData[]; categories: CategoryChip[]; tags: TagChip[] };
type CategoryProps = { id: number; name: string; slug: string; tools: ToolCardData[]; tags: TagChip[] };

/**
 * A results page drawn on request (decision 018): the pre-rendered page of `view.page` with its
 * list island drawn again, by the island's own component, for the view the address asks for,
 * and handed the same data as props so the island hydrates into exactly what the server drew.
 * The tools come from the query GET /api/tools/ runs, with the island's parameters. Null when
 * the page holds no such island (the caller then serves the pre-rendered page as it is).
 */
export async function renderResults(db: Db, html: string, view: DirectoryView): Promise<string | null> {
  const island = findIsland(html, view.page === "home" ? "Directory" : "CategoryTools");
  if (!island) return null;
  const drawn =
    view.page === "home"
      ? await homeResults(db, island.props as HomeProps, view)
      : await categoryResults(db, island.props as CategoryProps, view.filters);
  const opening = island.opening.replace(/ props="[^"]*"/, ` props="${escapeAttribute(serializeProps(drawn.props))}"`);
  const inner = await drawnHtml(drawn.element, island.prefix);
  const page = `${html.slice(0, island.start)}${opening}${inner}${html.slice(island.contentEnd)}`;
  return withCanonical(page, indexing({ ...view.filters, page: view.loaded }, view.page).canonicalQuery);
}

async function homeResults(db: Db, props: HomeProps, { filters, loaded }: DirectoryView) {
  // As the island asks the API: an unknown category slug filters nothing.
  const category = props.categories.find((c) => c.slug === filters.category);
  const found = await searchTools(db, {
    search: filters.search || undefined,
    categoryId: category?.id ?? null,
    pricing: filters.pricing === "all" ? null : filters.pricing,
    tags: filters.tags,
    sort: filters.sort ?? undefined,
    limit: (loaded + 1) * PAGE_SIZE,
    offset: 0,
  });
  const served = { ...filters, page: loaded, corrected: filters.search ? found.corrected : null };
  const deals = await dealsOf(
    db,
    found.tools.map((t) => t.id),
  );
  const next = { ...props, initialTools: found.tools.map((t) => toCard(t, deals)), served };
  return { props: next, element: <Directory {...next} /> };
}

async function categoryResults(db: Db, props: CategoryProps, own: Filters) {
  // The pricing filter alone is applied by the island to the page's own list, as in the browser.
  const found = answeredByApi(own)
    ? await searchTools(db, {
        categoryId: props.id,
        pricing: own.pricing === "all" ? null : own.pricing,
        tags: own.tags,
        sort: own.sort ?? undefined,
        limit: CATEGORY_PAGE_LIMIT,
        offset: 0,
      })
    : { tools: [] };
  const deals = await dealsOf(
    db,
    found.tools.map((t) => t.id),
  );
  const next = { ...props, served: { ...own, tools: found.tools.map((t) => toCard(t, deals)) } };
  return { props: next, element: <CategoryTools {...next} /> };
}

/**
 * An island's HTML as Astro's React renderer writes it: whole (lazy parts waited for, so nothing
 * is left to stream in by inline script), with the island's id prefix, without resource hints.
 */
async function drawnHtml(element: ReactElement, identifierPrefix: string): Promise<string> {
  const { prelude } = await prerender(element, { identifierPrefix });
  const html = await new Response(prelude).text();
  return html.replace(/<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g, "");
}

type Island = { start: number; opening: string; contentEnd: number; prefix: string; props: unknown };

/** The pre-rendered island of `name`: its opening tag, where its server-drawn content ends, its props. */
function findIsland(html: string, name: string): Island | null {
  const marker = `opts="{&quot;name&quot;:&quot;${name}&quot;`;
  for (const match of html.matchAll(/<astro-island\s[^>]*>/g)) {
    const opening = match[0];
    if (!opening.includes(marker)) continue;
    const start = match.index;
    const close = html.indexOf("</astro-island>", start);
    const end = html.lastIndexOf("<!--astro:end-->", close);
    const contentEnd = end > start ? end : close;
    const props = / props="([^"]*)"/.exec(opening)?.[1];
    if (close < 0 || props === undefined) return null;
    const prefix = / prefix="([^"]*)"/.exec(opening)?.[1] ?? "";
    return { start, opening, contentEnd, prefix, props: readProps(JSON.parse(unescapeAttribute(props))) };
  }
  return null;
}

/**
 * Astro's serialized props read back (the inverse of `serializeProps` for what a list island
 * receives: plain values, objects and arrays).
 */
function readProps(encoded: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(encoded).map(([key, value]) => [key, readValue(value)]));
}

function readValue(value: unknown): unknown {
  if (!Array.isArray(value)) throw new Error("unexpected serialized prop");
  const [type, inner] = value as [number, unknown];
  if (type === 1) return (inner as unknown[]).map(readValue);
  if (type !== 0) throw new Error(`unsupported serialized prop type ${type}`);
  return inner !== null && typeof inner === "object" ? readProps(inner as Record<string, unknown>) : inner;
}

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);
}

function unescapeAttribute(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => {
    const found = Object.entries(ATTRIBUTE_ESCAPES).find(([, escaped]) => escaped === entity);
    return found?.[0] ?? entity;
  });
}

/** The canonical link of an indexable view (a category's one tag or pricing) points at itself. */
function withCanonical(html: string, canonicalQuery: string): string {
  if (!canonicalQuery) return html;
  return html.replace(/(<link rel="canonical" href=")([^"]*)(")/, (_, before: string, href: string, after: string) => {
    const url = new URL(unescapeAttribute(href));
    url.search = canonicalQuery;
    return `${before}${escapeAttribute(url.href)}${after}`;
  });
}
