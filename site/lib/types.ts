export type { Tool } from "../../db/queries/rows";
export type { PublicUser } from "../../db/queries/users";
export type { FaqItem } from "../../db/schema";

export type CategoryChip = { id: number; slug: string; name: string };
/** A tag as the filters and forms list it (`GET /api/tags`). */
export type TagChip = { id: number; slug: string; name: string; tools_count: number };
export type Review = { id: number; rating: number; comment: string; created_at: string };

export type { ToolCardData } from "./tool-card";
