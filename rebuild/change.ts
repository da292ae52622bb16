/**
 * The messages between the API and the renderer: what changed, as a server process reports it.
 * The API, the jobs and the start-up script speak to the rebuild pipeline only in these types.
 */
import type { SimilarCard } from "../db/queries/pages";
import type { Tool } from "../db/queries/rows";
import type { TagRef } from "../db/queries/tags";

/**
 * A tool as it was before a change or is after it: where it sat (category, tags), what the pages
 * listing it show of it (its similar-tools card and its feed item), and its page.
 */
export type ChangedTool = SimilarCard &
  Pick<Tool, "category_id" | "created_at"> & {
    tags?: Pick<TagRef, "slug">[];
    /** For its line in /llms-full.txt; a change reported without it re-writes that file. */
    pricing_type?: string;
  };

/**
 * A change to a record other than a tool, as a server reports it: the category or article (its
 * slug before the change; null when it is new), an image address whose stored copy changed, or
 * the sponsors of a placement.
 */
export type RecordChange =
  | { kind: "category"; id: number; slug: string | null }
  | { kind: "article"; id: number; slug: string | null }
  | { kind: "image"; url: string }
  /** The sponsors live in a placement changed (a sponsor week started or ended). */
  | { kind: "sponsors"; placement: string; category_id: number | null }
  /** A tool's deal was added, changed or removed (or ended). */
  | { kind: "deal"; tool_id: number }
  /** A newsletter issue started sending: its archive page and the archive index. */
  | { kind: "newsletter"; number: number };

/**
 * A content change as a server process reports it to the process that owns the builder
 * (node:cluster IPC): tools, tags, categories, articles or images changed (`tools` or `records`
 * given, with the slugs of tags whose own pages changed in `tags`), anything else changed, or
 * "Rebuild now".
 */
export type BuildMessage =
  | { type: "content-change"; reason: string; tools?: ChangedTool[]; tags?: string[]; records?: RecordChange[] }
  | { type: "rebuild-now"; reason: string };
