import type { Tool } from "./types";

/** The detail route uses the slug when present, otherwise the id (SPEC §2). */
export const toolHref = (tool: Pick<Tool, "slug" | "id">) => `/tool/${tool.slug || tool.id}`;
