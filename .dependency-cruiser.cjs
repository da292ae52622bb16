/**
 * The layering of the code, checked by `npm run lint` (docs/decisions/017-layering.md). From the
 * bottom up: config/ and lib/ (lib/ is bundled into the browser), ranking/ (pure), db/, media/
 * (Node-only image work), rebuild/, jobs/, api/ (HTTP only), site/, then scripts/.
 */
const nodeOnlyPackages =
  "node_modules/(sharp|@libsql|libsql|drizzle-orm|nodemailer|stripe|hono|@hono|request-filtering-agent|p-limit|csv-parse|csv-stringify|sitemap|astro|@astrojs)/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A cycle ties modules so that neither can be understood or changed alone (type-only imports count).",
      from: {},
      to: { circular: true },
    },
    {
      name: "db-imports-nothing-above-it",
      severity: "error",
      comment: "db/ holds every SQL statement; it sits under the API, the renderer, the jobs and the media store.",
      from: { path: "^db/" },
      to: { path: "^(api|site|rebuild|jobs|media|scripts|admin|mail)/" },
    },
    {
      name: "rebuild-imports-no-site-or-api",
      severity: "error",
      comment: "The renderer is reached through rebuild/change.ts; it never reaches up into the site or the API.",
      from: { path: "^rebuild/", pathNot: "\\.test\\.ts$|^rebuild/testing/" },
      to: { path: "^(site|api|jobs|scripts)/" },
    },
    {
      name: "lib-is-browser-safe",
      severity: "error",
      comment: "lib/ is bundled into the browser: nothing of the server's layers and nothing Node-only.",
      from: { path: "^lib/", pathNot: "\\.test\\.ts$" },
      to: { path: `^(db|media|api|site|rebuild|jobs|config|ranking|scripts|mail)/|${nodeOnlyPackages}` },
    },
    {
      name: "lib-uses-no-node-builtins",
      severity: "error",
      from: { path: "^lib/", pathNot: "\\.test\\.ts$" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "ranking-is-pure",
      severity: "error",
      comment: "Ranking and word rules are pure: testable without a database or the file system.",
      from: { path: "^ranking/", pathNot: "\\.test\\.ts$" },
      to: { path: `^(db|media|api|site|rebuild|jobs|config|scripts)/|${nodeOnlyPackages}` },
    },
    {
      name: "ranking-uses-no-node-builtins",
      severity: "error",
      from: { path: "^ranking/", pathNot: "\\.test\\.ts$" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "media-is-below-the-api-and-jobs",
      severity: "error",
      comment: "media/ converts, stores and fetches images; it knows nothing of HTTP routes, jobs, rows or pages.",
      from: { path: "^media/" },
      to: { path: "^(api|site|rebuild|jobs|db|scripts)/" },
    },
    {
      name: "mail-is-below-the-api-and-jobs",
      severity: "error",
      comment: "mail/ renders, queues and sends messages; the API and the jobs call it, it calls neither.",
      from: { path: "^mail/", pathNot: "\\.test\\.ts$" },
      to: { path: "^(api|site|rebuild|jobs|media|scripts|admin)/" },
    },
    {
      name: "jobs-are-not-http",
      severity: "error",
      from: { path: "^jobs/", pathNot: "\\.test\\.ts$" },
      to: { path: "^(api|site|scripts)/" },
    },
    {
      name: "api-is-http-only",
      severity: "error",
      comment: "Image conversion lives in media/ and background work in jobs/: the API only calls them.",
      from: { path: "^api/", pathNot: "\\.test\\.ts$|^api/testing/" },
      to: { path: "^(site|scripts)/|^(jobs)/|(^|/)sharp($|/)" },
    },
    {
      name: "config-is-the-bottom",
      severity: "error",
      from: { path: "^config/" },
      to: { path: "^(api|site|rebuild|jobs|db|media|ranking|lib|scripts|mail)/" },
    },
    {
      name: "site-reaches-no-server-internals",
      severity: "error",
      comment:
        "Pages read through db/ and the renderer's state; they never import the API, the jobs or the media store.",
      from: { path: "^site/" },
      to: { path: "^(api|jobs|media|scripts|mail)/" },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(dist|data|admin/dist|\\.astro|bench/results)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json", ".astro"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
