/**
 * The rebuild pipeline: everything that turns the database into the static site. The server and
 * the scripts use it through this module; the pages read their render scope from ./scope.
 */

export { type ExportResult, exportSite } from "./export";
export type { ChangedTool, RecordChange } from "./page-plan";
export { type BuilderOptions, type BuildMessage, SiteBuilder } from "./scheduler";
