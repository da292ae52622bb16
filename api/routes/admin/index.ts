import { listBuilds } from "../../../db/queries/builds";
import { adminStats } from "../../../db/queries/stats";
import { fail } from "../../errors";
import { adminOnly } from "../../middleware/auth";
import { apiRouter, route } from "../../route";
import { categoryAdmin } from "./categories";
import { comparisonAdmin } from "./comparisons";
import { contentAdmin } from "./content";
import { moderationAdmin } from "./moderation";
import { reportAdmin } from "./reports";
import { synonymAdmin } from "./synonyms";
import { tagAdmin } from "./tags";
import { toolSlugAdmin } from "./tool-slugs";
import { toolAdmin } from "./tools";

/**
 * The back office's API: every resource with full CRUD for ra-data-simple-rest, plus the
 * dashboard's calls. One guard for the whole router: anonymous 401, members 403.
 */
export const adminRoutes = apiRouter();
adminRoutes.use("*", adminOnly);

adminRoutes.openapi(
  route({ method: "get", path: "/stats", summary: "Dashboard statistics", access: "admin" }),
  async (c) => c.json(await adminStats(c.var.deps.db)),
);

adminRoutes.openapi(
  route({ method: "get", path: "/builds", summary: "Recent site builds", access: "admin" }),
  async (c) => c.json(await listBuilds(c.var.deps.db, 20)),
);

adminRoutes.openapi(
  route({ method: "post", path: "/rebuild", summary: "Rebuild the public site now", access: "admin" }),
  async (c) => {
    const rebuild = c.var.deps.rebuild;
    if (!rebuild) fail(409, "No site builder runs in this process");
    void rebuild.now("requested from the dashboard");
    return c.json({ detail: "Rebuild started" }, 202);
  },
);

// Before the tools resource, so /tools/approve and /tools/reject are never read as a tool id.
adminRoutes.route("/", moderationAdmin);
adminRoutes.route("/tools", toolAdmin);
adminRoutes.route("/tool-slugs", toolSlugAdmin);
adminRoutes.route("/categories", categoryAdmin);
adminRoutes.route("/content", contentAdmin);
adminRoutes.route("/reports", reportAdmin);
adminRoutes.route("/synonyms", synonymAdmin);
adminRoutes.route("/tags", tagAdmin);
adminRoutes.route("/comparisons", comparisonAdmin);
// The spec's earlier name for one article, kept answering.
adminRoutes.route("/articles", contentAdmin);
