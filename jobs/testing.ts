import { loadSettings } from "../config/settings";
import type { Db } from "../db/client";
import { startJobs } from "./index";

/**
 * Starts the smallest set of background jobs (no site builder, no mail) on `db` and stops them:
 * each job runs one pass at start, so a test sees what one round of upkeep does.
 */
export async function runJobsOnce(db: Db): Promise<void> {
  const settings = loadSettings({
    NODE_ENV: "test",
    DATABASE_URL: "file:unused.db",
    JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
  } as NodeJS.ProcessEnv);
  const jobs = startJobs({ db, settings, change: null, log: () => {} });
  await jobs.stop();
}
