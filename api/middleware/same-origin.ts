import type { MiddlewareHandler } from "hono";
import { siteOrigins } from "../../config/settings";
import type { AppEnv } from "../context";
import { fail } from "../errors";

/**
 * Counting requests (view beacons, Visit Website clicks) come from the site's own pages only: a
 * resource isolation policy after OWASP's fetch-metadata guidance. A browser that sends
 * Sec-Fetch-Site vouches for where the request came from: only `same-origin` passes. One that
 * sends only Origin (older browsers) must name the site. A request with neither comes from no
 * current browser (they all send Origin on a POST), so no visitor's browser can be made to send it
 * from another site; it is counted, as OWASP advises, and the per-address limits still apply.
 */
export const sameOriginOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const site = c.req.header("sec-fetch-site");
  const origin = c.req.header("origin");
  const allowed =
    site !== undefined
      ? site === "same-origin"
      : origin === undefined || siteOrigins(c.var.deps.settings).includes(origin);
  if (!allowed) fail(403, "Only this site's own pages may send this request");
  return next();
};
