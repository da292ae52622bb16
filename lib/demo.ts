/**
 * The demo accounts' password. It is published (README), so it is a known-bad password: the API
 * never accepts it as a new password, production never creates the demo accounts, and in
 * production no account signs in with it (OWASP ASVS 5.0 V6.3.2: no default accounts; V6.2.11:
 * context-specific words refused).
 */
export const DEMO_PASSWORD = "demo-password";

/** The demo accounts the seed creates outside production. */
export const DEMO_ACCOUNTS = [
  { email: "demo@example.com", role: "user" },
  { email: "admin@example.com", role: "admin" },
] as const;

/** The password demo accounts are seeded with: none in production. */
export function demoPasswordFor(nodeEnv: string): string | null {
  return nodeEnv === "production" ? null : DEMO_PASSWORD;
}

/** True when `password` may not be set as anyone's password. */
export function isPublishedPassword(password: string): boolean {
  // Hashes are taken over the NFKC form, so every spelling that normalizes to it is the same password.
  return password.normalize("NFKC") === DEMO_PASSWORD;
}
