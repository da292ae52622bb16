import simpleRestProvider from "ra-data-simple-rest";
import type { Build } from "../../db/queries/builds";
import type { AdminStats as Stats } from "../../db/queries/stats";
import { authorizedFetch, httpClient } from "./httpClient";

export type { Build, Stats };

const ADMIN_API = "/api/admin";

/**
 * Every resource (tools, categories, tags, content, synonyms) speaks ra-data-simple-rest under /api/admin; the
 * calls below are the dashboard's and the CSV import's, which are not CRUD.
 */
export const dataProvider = {
  ...simpleRestProvider(ADMIN_API, httpClient),
  async uploadCsv(file: File): Promise<{ count: number }> {
    const form = new FormData();
    form.append("file", file);
    const response = await authorizedFetch(`${ADMIN_API}/tools/upload-csv/`, { method: "POST", body: form });
    return response.json();
  },
  async stats(): Promise<Stats> {
    return (await httpClient(`${ADMIN_API}/stats`)).json;
  },
  async builds(): Promise<Build[]> {
    return (await httpClient(`${ADMIN_API}/builds`)).json;
  },
  async rebuild(): Promise<void> {
    await httpClient(`${ADMIN_API}/rebuild`, { method: "POST" });
  },
  /** Publishes tools (one or many, one request). */
  async approveTools(ids: number[]): Promise<{ detail: string }> {
    const body = JSON.stringify({ ids });
    return (await httpClient(`${ADMIN_API}/tools/approve`, { method: "POST", body })).json;
  },
  /** Rejects tools with a reason their owners see (one or many, one request). */
  async rejectTools(ids: number[], reason: string): Promise<{ detail: string }> {
    const body = JSON.stringify({ ids, reason });
    return (await httpClient(`${ADMIN_API}/tools/reject`, { method: "POST", body })).json;
  },
  /** Applies a member's pending edit of a published tool. */
  async approveRevision(id: number): Promise<{ detail: string }> {
    return (await httpClient(`${ADMIN_API}/revisions/${id}/approve`, { method: "POST", body: "{}" })).json;
  },
  /** Rejects a member's pending edit; the live listing stays. */
  async rejectRevision(id: number, reason: string): Promise<{ detail: string }> {
    const body = JSON.stringify({ reason });
    return (await httpClient(`${ADMIN_API}/revisions/${id}/reject`, { method: "POST", body })).json;
  },
  /** Whether members' submissions wait for review. */
  async moderation(): Promise<boolean> {
    return (await httpClient(`${ADMIN_API}/moderation`)).json.enabled;
  },
  async setModeration(enabled: boolean): Promise<boolean> {
    const body = JSON.stringify({ enabled });
    return (await httpClient(`${ADMIN_API}/moderation`, { method: "PUT", body })).json.enabled;
  },
  /** Moves every tool of tag `id` onto tag `intoId` and deletes `id`; answers the tag merged into. */
  async mergeTag(id: number, intoId: number): Promise<{ id: number; name: string }> {
    const body = JSON.stringify({ into_id: intoId });
    return (await httpClient(`${ADMIN_API}/tags/${id}/merge`, { method: "POST", body })).json;
  },
};

export type AppDataProvider = typeof dataProvider;
