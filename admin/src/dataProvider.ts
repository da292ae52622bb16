import simpleRestProvider from "ra-data-simple-rest";
import type { DataProvider } from "react-admin";
import { authorizedFetch, httpClient } from "./httpClient";

const api = (path: string) => `/api${path}`;
const tools = simpleRestProvider(api("/admin"), httpClient);
const publicRest = simpleRestProvider(api(""), httpClient);

export type { Build } from "../../db/queries/builds";
export type { AdminStats as Stats } from "../../db/queries/stats";

import type { Build } from "../../db/queries/builds";
import type { AdminStats as Stats } from "../../db/queries/stats";

/** Template keywords: one per line in the form, blank lines dropped, comma-joined in the query. */
export function keywordsQuery(text: unknown): string {
  const keywords = String(text ?? "")
    .split("\n")
    .map((k) => k.trim())
    .filter(Boolean);
  return keywords.length ? `?keywords=${encodeURIComponent(keywords.join(","))}` : "";
}

async function saveArticle(params: { data: Record<string, unknown>; id?: unknown }) {
  const { keywords_text, generated_count, ...data } = params.data;
  const query = data.is_template ? keywordsQuery(keywords_text) : "";
  const url = params.id == null ? api(`/articles${query}`) : api(`/articles/${params.id}${query}`);
  const { json } = await httpClient(url, { method: params.id == null ? "POST" : "PUT", body: JSON.stringify(data) });
  return { data: json };
}

/**
 * ra-data-simple-rest on the API, with the spec's paths per resource: tools are listed and
 * deleted through /admin/tools but updated through PUT /tools/{id}; categories are read from
 * /categories and written through /admin/categories; "content" is the articles API.
 */
const base: DataProvider = {
  getList: (resource, params) =>
    resource === "tools"
      ? tools.getList("tools", params)
      : resource === "content"
        ? publicRest.getList("articles", params)
        : publicRest.getList(resource, params),
  getOne: async (resource, params) => {
    if (resource === "tools") return tools.getOne("tools", params);
    if (resource === "content") return tools.getOne("articles", params);
    return publicRest.getOne(resource, params);
  },
  getMany: async (resource, params) => {
    const { data } = await base.getList(resource, {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: "id", order: "ASC" },
      filter: { id: params.ids },
    });
    return { data };
  },
  getManyReference: (resource, params) => publicRest.getManyReference(resource, params),
  update: async (resource, params) => {
    if (resource === "tools") {
      const { json } = await httpClient(api(`/tools/${params.id}`), {
        method: "PUT",
        body: JSON.stringify(params.data),
      });
      return { data: json };
    }
    if (resource === "content") return saveArticle({ data: params.data, id: params.id }) as never;
    const { json } = await httpClient(api(`/admin/categories/${params.id}/`), {
      method: "PUT",
      body: JSON.stringify(params.data),
    });
    return { data: json };
  },
  updateMany: async () => {
    throw new Error("Not supported");
  },
  create: async (resource, params) => {
    if (resource === "content") return saveArticle({ data: params.data }) as never;
    const { json } = await httpClient(api("/admin/categories/"), { method: "POST", body: JSON.stringify(params.data) });
    return { data: json };
  },
  delete: async (resource, params) => {
    const path =
      resource === "tools"
        ? `/admin/tools/${params.id}`
        : resource === "content"
          ? `/articles/${params.id}`
          : `/admin/categories/${params.id}/`;
    await httpClient(api(path), { method: "DELETE" });
    return { data: params.previousData as never };
  },
  deleteMany: async (resource, params) => {
    for (const id of params.ids) await base.delete(resource, { id });
    return { data: params.ids };
  },
};

export const dataProvider = {
  ...base,
  async uploadCsv(file: File): Promise<{ count: number }> {
    const form = new FormData();
    form.append("file", file);
    const response = await authorizedFetch(api("/admin/tools/upload-csv/"), { method: "POST", body: form });
    return response.json();
  },
  async stats(): Promise<Stats> {
    return (await httpClient(api("/admin/stats"))).json;
  },
  async builds(): Promise<Build[]> {
    return (await httpClient(api("/admin/builds"))).json;
  },
  async rebuild(): Promise<void> {
    await httpClient(api("/admin/rebuild"), { method: "POST" });
  },
};

export type AppDataProvider = typeof dataProvider;
