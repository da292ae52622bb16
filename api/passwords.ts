import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";
import pLimit from "p-limit";

// OWASP password storage parameters for scrypt: N=2^17, r=8, p=1.
const N = 2 ** 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAX_MEM = 256 * 1024 * 1024;

/**
 * Each hash takes a core for about half a second. Hashes run at most one fewer at a time than
 * there are cores, so a flood of sign-ins never takes the core that answers everything else;
 * past a short queue the caller is told to come back (503) instead of waiting for minutes.
 */
const hashing = pLimit(Math.max(1, availableParallelism() - 1));
const MAX_WAITING = 32;

export class PasswordCheckBusy extends Error {}

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  if (hashing.pendingCount >= MAX_WAITING) return Promise.reject(new PasswordCheckBusy());
  return hashing(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEM }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );
}

/** Hashes a password with scrypt (memory-hard); the parameters travel with the hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await derive(password, Buffer.from(salt, "base64"), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A valid hash of a random password: checked when the e-mail is unknown, so timing matches. */
export const dummyHash = hashPassword(randomBytes(16).toString("hex"));
