import type Stripe from "stripe";
import type { Settings } from "../config/settings";
import type { Db } from "../db/client";
import type { User } from "../db/schema";
import type { ChangedTool, RecordChange } from "../rebuild";

/** Everything the API needs from outside, so tests can build it with a fresh database. */
export type Deps = {
  db: Db;
  settings: Settings;
  /** Stripe SDK client, or null when checkout is unavailable (production without a key). */
  stripe: Stripe | null;
  /**
   * Called after every content change so the public site can be rebuilt. `tools` lists the
   * changed tools as they were and as they are, when the change touches nothing else: only the
   * pages showing them are then re-rendered, with the pages of the tags named in `tags` and of
   * the categories, articles and images in `records` (and every page that read them). A change
   * reported with neither rebuilds the whole site.
   */
  onContentChange?: (reason: string, tools?: ChangedTool[], tags?: string[], records?: RecordChange[]) => void;
  /** Site rebuild controls for the admin dashboard; absent when no builder runs in this process. */
  rebuild?: { now: (reason: string) => Promise<unknown> };
  now?: () => Date;
};

export type AppEnv = {
  Variables: {
    deps: Deps;
    user: User | null;
    requestId: string;
  };
};
