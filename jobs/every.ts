/**
 * The one schedule every background job runs on: a pass at once, then one every `everyMs`,
 * never two at a time (a tick that finds a pass running is skipped; `wake()` during a pass runs
 * one more right after it), and `stop()` ends the schedule and waits for the pass under way, so
 * a stopping server never closes the database under a job.
 */
export type Schedule = {
  /** Asks for a pass now, or right after the one under way. */
  wake(): void;
  /** Ends the schedule; resolves once no pass runs. */
  stop(): Promise<void>;
};

export function every(name: string, everyMs: number, pass: () => Promise<unknown>): Schedule {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .then(
        () => {},
        (error) => console.error(`${name} failed`, error),
      )
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  // A tick while a pass runs is dropped, not queued: a slow pass is never followed by a burst.
  const timer = setInterval(() => running === null && run(), everyMs);
  timer.unref();
  run();
  return {
    wake: run,
    async stop() {
      stopped = true;
      again = false;
      clearInterval(timer);
      while (running) await running;
    },
  };
}
