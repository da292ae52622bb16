/**
 * The rebuild pipeline: everything that turns the database into the static site. The server and
 * the scripts use it through this module; the pages read their render scope from ./scope.
 */

export type { BuildMessage, ChangedTool, RecordChange } from "./change";
export { exportSite } from "./export";
export { SiteBuilder } from "./scheduler";
