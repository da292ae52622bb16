import type { ListSpec } from "./admin-list";

/** The admin's list of accounts, with whether each address is confirmed (filters: email, email_verified). */
export const userList: ListSpec<{
  id: number;
  email: string;
  role: string;
  email_verified: boolean;
  created_at: string;
}> = {
  from: "FROM users u",
  select: "u.id, u.email, u.role, u.email_verified, u.created_at",
  id: "u.id",
  sort: { email: "u.email", created_at: "u.created_at", email_verified: "u.email_verified" },
  filter: {
    email: (value) => ["u.email LIKE ?", [`%${String(value).toLowerCase()}%`]],
    email_verified: (value) => ["u.email_verified = ?", [value === true || value === "true" ? 1 : 0]],
  },
  map: (row) => ({
    id: Number(row.id),
    email: String(row.email),
    role: String(row.role),
    email_verified: Boolean(row.email_verified),
    created_at: String(row.created_at),
  }),
};
