/**
 * The weekly newsletter's background work: this week's issue is composed as a draft (the admin
 * edits its intro, previews, schedules or sends it), a scheduled issue starts at its time, and a
 * sending issue is queued into the outbox in batches. Each batch's outbox rows and the issue's
 * cursor commit together (db/queries/newsletter.ts), so the API is never blocked by one huge
 * write (100,000 rows in one transaction would hold the database for seconds), a crash resumes
 * after the last batch without queuing anyone twice, and the mail
 * sender delivers at MAIL_RATE_PER_MINUTE with one-click unsubscribe on every digest.
 */
import type { Settings } from "../config/settings";
import type { Db } from "../db/client";
import {
  composeWeeklyIssue,
  dueIssues,
  queueIssueBatch,
  sendingIssues,
  startSending,
  sweepPendingSubscribers,
} from "../db/queries/newsletter";
import { SITE_NAME } from "../lib/site";
import { digestData, digestMails } from "../mail/digest";

/** Recipients queued per transaction: short write transactions between API requests. */
const DIGEST_BATCH = 500;

export class Newsletter {
  constructor(
    readonly db: Db,
    readonly settings: Pick<Settings, "PUBLIC_URL" | "PORT">,
    /** Told when an issue starts sending (its archive page is to be rendered). */
    readonly onStarted: (number: number) => void,
    readonly batch = DIGEST_BATCH,
  ) {}

  /** One pass: compose, start what is due, queue every sending issue; resolves how many were queued. */
  async run(now = new Date()): Promise<number> {
    await composeWeeklyIssue(this.db, now, SITE_NAME);
    await sweepPendingSubscribers(this.db, now);
    for (const due of await dueIssues(this.db, now)) {
      const started = await startSending(this.db, due.id, now);
      if (started?.number) this.onStarted(started.number);
    }
    let queued = 0;
    for (const issue of await sendingIssues(this.db)) {
      const data = digestData(this.settings, issue);
      for (;;) {
        const n = await queueIssueBatch(this.db, issue, this.batch, (recipients, when) =>
          digestMails(data, recipients, when),
        );
        queued += n;
        if (n < this.batch) break;
      }
    }
    return queued;
  }
}
