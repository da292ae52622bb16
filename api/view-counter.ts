/**
 * Page views of tool pages, counted once per visitor per tool per UTC day without cookies and
 * without storing an address (docs/decisions/011-owner-analytics.md). A visitor is 64 bits of
 * HMAC-SHA256(today's salt, address + user agent + tool id); the salt is random, shared by every
 * process through the database and deleted once its day is over, and the hashes with it.
 */
import { createHmac } from "node:crypto";
import type { Settings } from "../config/settings";
import type { Db } from "../db/client";
import { dayOf, recordView, saltOf, visitorCount } from "../db/queries/analytics";
import { addressKey, networkKey } from "./client-address";
import { MAX_ENTRIES, WindowCounter } from "./middleware/rate-limit";

const HOUR = 60 * 60 * 1000;
/** Visitors one address counts for one tool in a day: a household's or an office's few browsers. */
const VISITORS_PER_ADDRESS_AND_TOOL = 3;
/** How often a process re-reads the size of the dedup set, which other processes also grow. */
const RECOUNT_MS = 5 * 60 * 1000;

export type ViewOutcome = "counted" | "repeat" | "unknown" | "not counted";

type Limits = Pick<
  Settings,
  "ANALYTICS_VIEWS_PER_ADDRESS" | "ANALYTICS_MAX_VISITORS" | "ANALYTICS_VISITORS_PER_NETWORK"
>;

export class ViewCounter {
  /** Beacons that reached the database, per address (bounded like every counter). */
  readonly perAddress: WindowCounter;
  /** Visitor hashes each network added to the day's set, keyed by day and network. */
  readonly perNetwork: WindowCounter;
  /** Views counted per address and tool, keyed by day, address and tool. */
  readonly perAddressTool: WindowCounter;
  #salt: { day: string; key: Promise<string> } | null = null;
  #visitors = { day: "", count: 0, readAt: 0 };

  constructor(
    readonly db: Db,
    readonly limits: Limits,
    readonly now: () => Date = () => new Date(),
  ) {
    this.perAddress = new WindowCounter(HOUR, MAX_ENTRIES, () => this.now().getTime());
    this.perNetwork = new WindowCounter(24 * HOUR, MAX_ENTRIES, () => this.now().getTime());
    this.perAddressTool = new WindowCounter(24 * HOUR, MAX_ENTRIES, () => this.now().getTime());
  }

  /** The visitor hash of a view: 64 bits of the HMAC, as the dedup set's integer key. */
  static hash(salt: string, address: string, userAgent: string, toolId: number): bigint {
    return createHmac("sha256", salt)
      .update(`${addressKey(address)}\n${userAgent}\n${toolId}`)
      .digest()
      .readBigInt64BE(0);
  }

  #saltOf(day: string): Promise<string> {
    if (this.#salt?.day !== day) {
      const key = saltOf(this.db, day);
      this.#salt = { day, key };
      // A failed read is retried by the next view rather than kept.
      key.catch(() => {
        if (this.#salt?.key === key) this.#salt = null;
      });
    }
    return this.#salt.key;
  }

  async #roomFor(day: string): Promise<boolean> {
    const at = this.now().getTime();
    if (this.#visitors.day !== day || at - this.#visitors.readAt > RECOUNT_MS) {
      this.#visitors = { day, count: await visitorCount(this.db), readAt: at };
    }
    return this.#visitors.count < this.limits.ANALYTICS_MAX_VISITORS;
  }

  /**
   * Counts a view of `toolId` by the visitor at `address` with `userAgent`. "not counted": the
   * address spent its hourly budget or its day's visitors of this tool, its network its share of
   * the day's dedup set, or the set is full (answered like any other).
   */
  async count(toolId: number, address: string, userAgent: string): Promise<ViewOutcome> {
    const day = dayOf(this.now());
    const key = addressKey(address);
    if (this.perAddress.count(key) >= this.limits.ANALYTICS_VIEWS_PER_ADDRESS) return "not counted";
    this.perAddress.add(key);
    const network = `${day} ${networkKey(address)}`;
    if (this.perNetwork.count(network) >= this.limits.ANALYTICS_VISITORS_PER_NETWORK) return "not counted";
    // A visitor is an address and a browser: one address changing its user agent on every view
    // counts VISITORS_PER_ADDRESS_AND_TOOL times a day at most, not 300 an hour.
    const pair = `${day} ${key} ${toolId}`;
    if (this.perAddressTool.count(pair) >= VISITORS_PER_ADDRESS_AND_TOOL) return "not counted";
    if (!(await this.#roomFor(day))) return "not counted";
    const hash = ViewCounter.hash(await this.#saltOf(day), address, userAgent, toolId);
    const outcome = await recordView(this.db, toolId, day, hash);
    if (outcome === "counted") {
      this.#visitors.count++;
      this.perNetwork.add(network);
      this.perAddressTool.add(pair);
    }
    return outcome;
  }
}

const counters = new WeakMap<object, ViewCounter>();

/** The view counter of an app (one per database and settings), built on first use. */
export function viewCounter(db: Db, settings: Settings, now?: () => Date): ViewCounter {
  let counter = counters.get(settings);
  if (!counter) {
    counter = new ViewCounter(db, settings, now);
    counters.set(settings, counter);
  }
  return counter;
}
