import { listBuilds } from "../../../db/queries/builds";
import { adminStats } from "../../../db/queries/stats";
import { fail } from "../../errors";
import { adminOnly } from "../../middleware/auth";
import { apiRouter, route } from "../../route";
import { apiKeyAdmin } from "./api-keys";
import { categoryAdmin } from "./categories";
import { comparisonAdmin } from "./comparisons";
import { contentAdmin } from "./content";
import { dealAdmin } from "./deals";
import { mailAdmin } from "./mail";
import { moderationAdmin } from "./moderation";
import { newsletterAdmin } from "./newsletter";
import { priceAdmin } from "./prices";
import { reportAdmin } from "./reports";
import { revenueAdmin } from "./revenue";
import { sponsorAdmin } from "./sponsors";
import { synonymAdmin } from "./synonyms";
import { tagAdmin } from "./tags";
import { toolSlugAdmin } from "./tool-slugs";
import { toolAdmin } from "./tools";
import { urlImportAdmin } from "./url-import";
import { userAdmin } from "./users";

/**
 * The back office's API: every resource with full CRUD for ra-data-simple-rest, plus the
 * dashboard's calls. One guard for the whole router: anonymous 401, members 403.
 */
export const adminRoutes = apiRouter();
adminRoutes.use("*", adminOnly);

adminRoutes.openapi(
  route({
    operationId: "getAdminStats",
    method: "get",
    path: "/stats",
    summary: "Dashboard statistics",
    access: "admin",
  }),
  async (c) => c.json(await adminStats(c.var.deps.db)),
);

adminRoutes.openapi(
  route({ operationId: "listBuilds", method: "get", path: "/builds", summary: "Recent site builds", access: "admin" }),
  async (c) => c.json(await listBuilds(c.var.deps.db, 20)),
);

adminRoutes.openapi(
  route({
    operationId: "rebuildSite",
    status: 202,
    method: "post",
    path: "/rebuild",
    summary: "Rebuild the public site now",
    access: "admin",
  }),
  async (c) => {
    const rebuild = c.var.deps.rebuild;
    if (!rebuild) fail(409, "No site builder runs in this process");
    void rebuild.now("requested from the dashboard");
    return c.json({ detail: "Rebuild started" }, 202);
  },
);

// Before the tools resource, so /tools/approve and /tools/reject are never read as a tool id.
adminRoutes.route("/", moderationAdmin);
adminRoutes.route("/tools", urlImportAdmin);
adminRoutes.route("/tools", toolAdmin);
adminRoutes.route("/mail", mailAdmin);
adminRoutes.route("/users", userAdmin);
adminRoutes.route("/newsletter", newsletterAdmin);
adminRoutes.route("/tool-slugs", toolSlugAdmin);
adminRoutes.route("/categories", categoryAdmin);
adminRoutes.route("/content", contentAdmin);
adminRoutes.route("/reports", reportAdmin);
adminRoutes.route("/synonyms", synonymAdmin);
adminRoutes.route("/tags", tagAdmin);
adminRoutes.route("/comparisons", comparisonAdmin);
adminRoutes.route("/", sponsorAdmin);
adminRoutes.route("/api-keys", apiKeyAdmin);
adminRoutes.route("/prices", priceAdmin);
adminRoutes.route("/deals", dealAdmin);
adminRoutes.route("/", revenueAdmin);
// The spec's earlier name for one article, kept answering.
adminRoutes.route("/articles", contentAdmin);
