/**
 * The background jobs of a deployment, started and stopped together. Analytics retention runs in
 * every shape (a purge is idempotent); the jobs whose results re-render pages (featuring periods,
 * link checks, image fetching and the media sweep) run only beside the site builder, one set per
 * deployment, and report what they changed through `change`.
 */

import type { Settings } from "../config/settings";
import type { Db } from "../db/client";
import { articlesNameImage } from "../db/queries/images";
import { sweepDecidedRevisions } from "../db/queries/revisions";
import { sweepStripeEvents } from "../db/queries/stripe-events";
import { getTool } from "../db/queries/tools";
import { SPONSORS_DECIDED } from "../lib/sponsors";
import type { BuildMessage } from "../rebuild/change";
import { AnalyticsRetention } from "./analytics-retention";
import { DealExpiry } from "./deal-expiry";
import { every, type Schedule } from "./every";
import { FeaturePeriods } from "./feature-periods";
import { ImageFetcher } from "./image-fetcher";
import { LinkChecker } from "./link-checker";
import { mailJobs } from "./mail-jobs";
import { MailSender, type MailSenderOptions } from "./mail-sender";
import { sponsorClock } from "./sponsor-clock";
import { SponsorWeeks } from "./sponsor-weeks";

const MINUTE = 60_000;

export type JobDeps = {
  db: Db;
  settings: Settings;
  /** Where re-renders go (the site builder); null in a process that builds nothing. */
  change: ((message: BuildMessage) => void) | null;
  log?: (message: string) => void;
  /** Where mail goes (one sender per deployment, beside the builder); null: MAIL=off. */
  mail?: Pick<MailSenderOptions, "transport" | "keepSentLinks"> | null;
};

export type Jobs = {
  /** Tells the jobs of a content change: a tool may name a new image, fetched at once. */
  contentChanged(message: BuildMessage): void;
  /** Stops every job; resolves once none is running. */
  stop(): Promise<void>;
};

export function startJobs({ db, settings, change, log = console.log, mail = null }: JobDeps): Jobs {
  const retention = new AnalyticsRetention(db, settings.ANALYTICS_RETENTION_DAYS);
  const schedules: Schedule[] = [
    every("analytics purge", MINUTE, () => retention.run()),
    // One row per Stripe webhook event would otherwise grow forever.
    every("stripe event sweep", 60 * MINUTE, () => sweepStripeEvents(db, new Date())),
    // So would every decided edit of a listing.
    every("decided edit sweep", 60 * MINUTE, () => sweepDecidedRevisions(db, new Date())),
  ];
  let images: Schedule | null = null;
  let sponsors: Schedule | null = null;
  if (change) {
    const weeks = new SponsorWeeks(
      db,
      (reason, records) => change({ type: "content-change", reason, records }),
      sponsorClock(settings.SPONSOR_CLOCK_FILE),
    );
    sponsors = every("sponsor weeks", settings.SPONSOR_WEEKS_INTERVAL_MS, () => weeks.run());
    schedules.push(sponsors);
    const deals = new DealExpiry(
      db,
      (reason, records) => change({ type: "content-change", reason, records }),
      sponsorClock(settings.SPONSOR_CLOCK_FILE),
    );
    schedules.push(every("ending deals", settings.SPONSOR_WEEKS_INTERVAL_MS, () => deals.run()));
    const periods = new FeaturePeriods(
      db,
      (reason, tools) => change({ type: "content-change", reason, tools }),
      settings,
    );
    schedules.push(every("ending feature periods", MINUTE, () => periods.run()));
    schedules.push(
      ...mailJobs(db, settings, (number) =>
        change({
          type: "content-change",
          reason: `newsletter issue ${number} sent`,
          records: [{ kind: "newsletter", number }],
        }),
      ),
    );
    if (mail) {
      const sender = new MailSender({ db, settings, ...mail });
      schedules.push(every("mail sending", 5_000, () => sender.pass()));
      schedules.push(every("mail sweep", 60 * MINUTE, () => sender.sweep()));
    }
    const checker = linkChecker(db, settings, change);
    if (checker)
      schedules.push(
        every("link check pass", MINUTE, async () => {
          const checked = await checker.pass();
          if (checked) log(`link checks: ${checked} sites checked`);
        }),
      );
    const fetcher = imageFetcher(db, settings, change, log);
    if (fetcher) {
      images = every("image pass", MINUTE, async () => {
        const results = await fetcher.pass();
        const failed = results.filter((r) => !r.ok).length;
        if (results.length) log(`images: ${results.length - failed} stored, ${failed} could not be had`);
      });
      schedules.push(images);
    }
  }
  return {
    contentChanged(message) {
      // A stored image's own change names no new image.
      if (message.type === "content-change" && !message.reason.startsWith("image stored:")) images?.wake();
      // An approved booking whose week has begun goes live at once, not at the next tick.
      if (message.type === "content-change" && message.reason.startsWith(SPONSORS_DECIDED)) sponsors?.wake();
    },
    async stop() {
      await Promise.all(schedules.map((s) => s.stop()));
    },
  };
}

/**
 * Checks that listed websites live: a pass a minute over the sites that are due; a flag that
 * changes re-renders the tool's pages (LINK_CHECKS: unset, on in production only).
 */
function linkChecker(db: Db, settings: Settings, change: (message: BuildMessage) => void): LinkChecker | null {
  if (!settings.LINK_CHECKS) return null;
  return new LinkChecker({
    db,
    concurrency: settings.LINK_CHECK_CONCURRENCY,
    intervalMs: settings.LINK_CHECK_INTERVAL_HOURS * 3_600_000,
    allowLoopback: settings.FETCH_ALLOW_LOOPBACK,
    onFlagChange: (tool) =>
      void getTool(db, { id: tool.id }).then((now) =>
        change({ type: "content-change", reason: `link check: ${tool.slug}`, tools: now ? [now] : [] }),
      ),
  });
}

/**
 * Fetches the images tools name: a pass a minute, and one after every content change, so a new
 * or changed logo or screenshot URL is fetched at once; a stored copy that changed re-renders the
 * pages of the tools and articles naming it.
 */
function imageFetcher(
  db: Db,
  settings: Settings,
  change: (message: BuildMessage) => void,
  log: (message: string) => void,
): ImageFetcher | null {
  if (!settings.IMAGE_FETCHES) return null;
  return new ImageFetcher({
    db,
    mediaDir: settings.MEDIA_DIR,
    concurrency: settings.IMAGE_FETCH_CONCURRENCY,
    refreshMs: settings.IMAGE_REFRESH_DAYS * 86_400_000,
    allowLoopback: settings.FETCH_ALLOW_LOOPBACK,
    onImageChange: (url, ids) => {
      void Promise.all(ids.map((id) => getTool(db, { id }))).then((found) => {
        // As they were: without this copy, so the pages showing their cards re-render too.
        const tools = found.flatMap((t) => (t ? [{ ...t, media: { logo: null, screenshots: [] } }] : []));
        if (tools.length) change({ type: "content-change", reason: `image stored: ${url}`, tools });
      });
      // An article's image shows on the blog pages that read it.
      void articlesNameImage(db, url).then((named) => {
        if (named)
          change({
            type: "content-change",
            reason: `image stored: ${url} (an article's)`,
            tools: [],
            records: [{ kind: "image", url }],
          });
      });
    },
    onSweep: ({ removed, bytes }) => {
      if (removed) log(`images: ${removed} stored files no row names removed (${Math.round(bytes / 1024)} KB)`);
    },
  });
}
