import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { openDatabase } from "../api/clients";
import { hashPassword } from "../api/passwords";
import { loadSettings } from "../config/settings";
import { createUser, findUserByEmail, markEmailVerified, setPassword, setRole } from "../db/queries/users";
import { isPublishedPassword } from "../lib/demo";

/** npm run admin:create -- <email> [--password <pw>]: creates the account or promotes it. */
const { positionals, values } = parseArgs({ allowPositionals: true, options: { password: { type: "string" } } });
const email = positionals[0];
if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
  console.error("usage: npm run admin:create -- <email> [--password <password>]");
  process.exit(2);
}
if (values.password !== undefined && values.password.length < 8) {
  console.error("the password needs at least 8 characters");
  process.exit(2);
}
if (values.password !== undefined && isPublishedPassword(values.password)) {
  console.error("that is the published demo password: choose another");
  process.exit(2);
}
const db = await openDatabase(loadSettings());
const existing = await findUserByEmail(db, email);
if (existing) {
  await setRole(db, existing.id, "admin");
  if (values.password) await setPassword(db, existing.id, await hashPassword(values.password));
  console.log(`${existing.email} is now an admin${values.password ? " (password changed)" : ""}`);
  if (!values.password) {
    // Sign-up verifies no e-mail: make sure this account (created then) is really theirs.
    console.log(`  account created ${existing.created_at}; pass --password to set a password only you know`);
  }
} else {
  const password = values.password ?? randomBytes(12).toString("base64url");
  const admin = await createUser(db, email, await hashPassword(password), "admin");
  // The operator names the address: it counts as confirmed.
  if (admin) await markEmailVerified(db, admin.id);
  console.log(`admin created: ${email.toLowerCase()}`);
  if (!values.password) console.log(`password: ${password}`);
}
