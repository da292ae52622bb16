import type { Context } from "hono";
import { findClaim, openClaim, recordFailedCheck, verifyClaim } from "../../db/queries/claims";
import { getPublicTool, getTool } from "../../db/queries/tools";
import type { ToolClaim } from "../../db/schema";
import { claimVerifiedMail } from "../../mail/events";
import type { AppEnv } from "../context";
import { fail } from "../errors";
import { requireUser } from "../middleware/auth";
import { outboundChecks } from "../middleware/rate-limit";
import { apiRouter, route } from "../route";
import { idPath } from "../schemas";
import { checkSiteVerification, VERIFICATION_FILE, VERIFICATION_NAME } from "../site-verification";

/** A claim as its member sees it, with what to publish where. */
function present(claim: ToolClaim) {
  return {
    id: claim.id,
    tool_id: claim.tool_id,
    status: claim.status,
    method: claim.method,
    token: claim.token,
    meta_tag: `<meta name="${VERIFICATION_NAME}" content="${claim.token}">`,
    file_path: VERIFICATION_FILE,
    file_content: claim.token,
    last_error: claim.last_error,
    checked_at: claim.checked_at,
    verified_at: claim.verified_at,
  };
}

async function claimableTool(c: Context<AppEnv>, id: number) {
  const tool = await getPublicTool(c.var.deps.db, { id });
  if (!tool) fail(404, "Tool not found");
  return tool;
}

export const claimRoutes = apiRouter();

claimRoutes.openapi(
  route({
    operationId: "getClaim",
    method: "get",
    path: "/{id}/claim",
    summary: "The caller's claim on a tool, if any",
    access: "user",
    request: { params: idPath },
  }),
  async (c) => {
    const tool = await claimableTool(c, c.req.valid("param").id);
    const claim = await findClaim(c.var.deps.db, tool.id, requireUser(c).id);
    if (!claim) fail(404, "You have not claimed this tool");
    return c.json(present(claim));
  },
);

claimRoutes.openapi(
  route({
    operationId: "createClaim",
    status: [200, 201],
    method: "post",
    path: "/{id}/claim",
    summary: "Claim a tool as its maker: issues the token to publish on its website",
    access: "user",
    request: { params: idPath },
  }),
  async (c) => {
    const user = requireUser(c);
    const tool = await claimableTool(c, c.req.valid("param").id);
    if (tool.is_verified && tool.submitted_by === user.id) fail(409, "You already own this tool");
    if (!tool.website_url) fail(422, "This tool has no website to verify");
    const existing = await findClaim(c.var.deps.db, tool.id, user.id);
    const claim = existing ?? (await openClaim(c.var.deps.db, tool.id, user.id));
    return c.json(present(claim), existing ? 200 : 201);
  },
);

claimRoutes.openapi(
  route({
    operationId: "verifyClaim",
    method: "post",
    path: "/{id}/claim/verify",
    summary: "Check the tool's website for the claim's token; on success the caller owns the listing",
    access: "user",
    request: { params: idPath },
  }),
  async (c) => {
    const { db, settings } = c.var.deps;
    const user = requireUser(c);
    const tool = await claimableTool(c, c.req.valid("param").id);
    const claim = await findClaim(db, tool.id, user.id);
    if (!claim) fail(404, "Claim this tool first");
    if (claim.status === "verified" && tool.is_verified && tool.submitted_by === user.id) return c.json(present(claim));
    if (!tool.website_url) fail(422, "This tool has no website to verify");
    const result = await outboundChecks(c).run(user.id, () =>
      checkSiteVerification(tool.website_url, claim.token, { allowLoopback: settings.FETCH_ALLOW_LOOPBACK }),
    );
    if (!result.ok) {
      await recordFailedCheck(db, claim.id, result.detail);
      fail(422, result.detail);
    }
    const notice = (when: string) => [claimVerifiedMail(settings, tool, user.id, when)];
    if (!(await verifyClaim(db, claim, result.method, tool.website_url, notice))) {
      fail(409, "The tool's website changed while it was being checked: verify again");
    }
    const after = await getTool(db, { id: tool.id });
    c.var.deps.onContentChange?.(`tool verified: ${tool.slug}`, after ? [tool, after] : [tool]);
    return c.json(present((await findClaim(db, tool.id, user.id)) as ToolClaim));
  },
);
