import { userList } from "../../../db/queries/user-list";
import { apiRouter, route } from "../../route";
import { idPath, listQuery } from "../../schemas";
import { adminVerification } from "../account-links";
import { listResponse } from "./list";

/** Accounts for the admin: who has confirmed their address, and the two actions on it. */
export const userAdmin = apiRouter();

userAdmin.openapi(
  route({
    operationId: "listUsers",
    method: "get",
    path: "/",
    summary: "Accounts (range/sort/filter: email, email_verified)",
    access: "admin",
    request: { query: listQuery },
  }),
  async (c) => listResponse(c, "users", userList, c.req.valid("query")),
);

userAdmin.openapi(
  route({
    operationId: "markUserVerified",
    method: "post",
    path: "/{id}/mark-verified",
    summary: "Mark the account's address confirmed",
    access: "admin",
    request: { params: idPath },
  }),
  async (c) => {
    const user = await adminVerification(c.var.deps, c.req.valid("param").id, "mark");
    return c.json({ id: user.id, email: user.email, email_verified: user.email_verified });
  },
);

userAdmin.openapi(
  route({
    operationId: "resendUserVerification",
    status: 202,
    method: "post",
    path: "/{id}/resend-verification",
    summary: "Mail the account a new confirmation link",
    access: "admin",
    request: { params: idPath },
  }),
  async (c) => {
    const user = await adminVerification(c.var.deps, c.req.valid("param").id, "resend");
    return c.json({ id: user.id, email: user.email, email_verified: user.email_verified }, 202);
  },
);
