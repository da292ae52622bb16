import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";

// OWASP password storage parameters for scrypt: N=2^17, r=8, p=1.
const N = 2 ** 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAX_MEM = 256 * 1024 * 1024;
/** Memory one scrypt derivation holds while it runs: 128 * N * r bytes (128 MiB here). */
export const SCRYPT_BYTES = 128 * N * R;

/** SCRYPT_MEMORY_BUDGET_MB's default: four hashes at once where the cores allow it. */
const DEFAULT_MEMORY_BUDGET_MIB = 512;

/**
 * How many hashes may run at once: as many as fit in the memory budget (128 MiB each), and
 * never more than one fewer than there are cores (each takes a core for about half a second)
 * nor than libuv's thread pool less one (scrypt runs there, beside file and DNS work), so a
 * flood of sign-ins never takes the memory, the core or the threads everything else needs.
 * At least one.
 */
export function hashingConcurrency(
  memoryBudgetBytes: number,
  cores = availableParallelism(),
  threadPool = Number(process.env.UV_THREADPOOL_SIZE) || 4,
): number {
  const byMemory = Math.floor(memoryBudgetBytes / SCRYPT_BYTES);
  return Math.max(1, Math.min(byMemory, cores - 1, threadPool - 1));
}

/** The queue is full: everyone is asked to come back in a few seconds (503). */
export class PasswordCheckBusy extends Error {}
/** This party already has its share of the queue (429): it waits for its own, not others. */
export class PasswordChecksInFlight extends Error {}

/**
 * Hashes one party (a client's network, as networkKey counts it) may have running or waiting at
 * once: without it one client sending forty sign-ups at a time filled the queue, and everyone
 * else's sign-in was refused for as long as it kept that up.
 */
const PER_PARTY = 4;
/** Past this many waiting, a newcomer takes the place of a party with more waiting, or gets a 503. */
const MAX_WAITING = 32;

type Waiting = { start: () => void; refuse: () => void };

/**
 * The hashes waiting their turn, one line per party, served in turn (one hash from each party
 * that waits, then round again): a few networks that keep their four checks going only slow a
 * newcomer by one hash each. When the waiting room is full, a newcomer takes the place of the
 * last one waiting in the longest line if that line is longer than the newcomer's would be, so
 * holding the room takes as many networks as it has places rather than eight.
 */
class FairHashQueue {
  concurrency: number;
  active = 0;
  waitingCount = 0;
  /** Lines by party, in the order they are next served. */
  private lines = new Map<string, Waiting[]>();
  readonly inFlight = new Map<string, number>();

  constructor(concurrency: number) {
    this.concurrency = concurrency;
  }

  /** `party` undefined: the server's own work (seeding, scripts), held to no share. */
  run<T>(asker: string | undefined, task: () => Promise<T>): Promise<T> {
    const party = asker ?? "";
    if (asker !== undefined && (this.inFlight.get(party) ?? 0) >= PER_PARTY) {
      return Promise.reject(new PasswordChecksInFlight());
    }
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.active++;
        task()
          .then(resolve, reject)
          .finally(() => {
            this.active--;
            this.release(party);
            this.next();
          });
      };
      if (this.active < this.concurrency && this.waitingCount === 0) {
        this.hold(party);
        return start();
      }
      if (this.waitingCount >= MAX_WAITING && !this.makeRoomFor(party)) return reject(new PasswordCheckBusy());
      this.hold(party);
      const line = this.lines.get(party) ?? [];
      const refuse = () => {
        this.release(party);
        reject(new PasswordCheckBusy());
      };
      line.push({ start, refuse });
      this.lines.set(party, line);
      this.waitingCount++;
    });
  }

  private hold(party: string) {
    this.inFlight.set(party, (this.inFlight.get(party) ?? 0) + 1);
  }

  private release(party: string) {
    const left = (this.inFlight.get(party) ?? 1) - 1;
    if (left > 0) this.inFlight.set(party, left);
    else this.inFlight.delete(party);
  }

  /** Starts the first of the next party's line; that party goes to the back of the round. */
  private next() {
    while (this.active < this.concurrency) {
      const first = this.lines.entries().next();
      if (first.done) return;
      const [party, line] = first.value;
      const job = line.shift();
      this.lines.delete(party);
      if (line.length > 0) this.lines.set(party, line);
      this.waitingCount--;
      job?.start();
    }
  }

  private makeRoomFor(party: string): boolean {
    const own = this.lines.get(party)?.length ?? 0;
    let longest: [string, Waiting[]] | undefined;
    for (const entry of this.lines) if (!longest || entry[1].length > longest[1].length) longest = entry;
    if (!longest || longest[1].length <= own + 1) return false;
    const [other, line] = longest;
    const dropped = line.pop();
    if (line.length === 0) this.lines.delete(other);
    this.waitingCount--;
    dropped?.refuse();
    return true;
  }
}

/**
 * Sized by `configureHashing` from SCRYPT_MEMORY_BUDGET_MB (the app does it at creation); until
 * then (scripts), from the default budget.
 */
const hashing = new FairHashQueue(hashingConcurrency(DEFAULT_MEMORY_BUDGET_MIB * 1024 * 1024));

/** Sets how many hashes may run at once from a memory budget in MiB (SCRYPT_MEMORY_BUDGET_MB). */
export function configureHashing(memoryBudgetMiB: number, cores?: number): number {
  hashing.concurrency = hashingConcurrency(memoryBudgetMiB * 1024 * 1024, cores);
  return hashing.concurrency;
}

export function hashingLimits(): { concurrency: number; active: number; waiting: number } {
  return { concurrency: hashing.concurrency, active: hashing.active, waiting: hashing.waitingCount };
}

function derive(password: string, salt: Buffer, n: number, r: number, p: number, party?: string): Promise<Buffer> {
  return hashing.run(
    party,
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEM }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );
}

/**
 * Hashes a password with scrypt (memory-hard); the parameters travel with the hash. `party`:
 * who asks (a client's network), held to its share of the queue.
 */
export async function hashPassword(password: string, party?: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P, party);
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string, party?: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await derive(password, Buffer.from(salt, "base64"), Number(n), Number(r), Number(p), party);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A valid hash of a random password: checked when the e-mail is unknown, so timing matches. */
export const dummyHash = hashPassword(randomBytes(16).toString("hex"));
