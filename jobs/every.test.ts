import { describe, expect, it } from "vitest";
import { every } from "./every";

/** A pass the test ends when it likes. */
function controlledPasses() {
  const finishers: (() => void)[] = [];
  let started = 0;
  const pass = () =>
    new Promise<void>((resolve) => {
      started++;
      finishers.push(resolve);
    });
  return { pass, started: () => started, finish: () => finishers.shift()?.() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("a job's schedule", () => {
  it("runs at once, never two passes at a time, and one more after a pass when woken during it", async () => {
    const p = controlledPasses();
    const schedule = every("test job", 3_600_000, p.pass);
    expect(p.started()).toBe(1);
    schedule.wake();
    schedule.wake();
    expect(p.started()).toBe(1);
    p.finish();
    await settle();
    expect(p.started()).toBe(2);
    p.finish();
    await settle();
    expect(p.started()).toBe(2);
    await schedule.stop();
  });

  it("stops only once the pass under way has ended, and runs none after", async () => {
    const p = controlledPasses();
    const schedule = every("test job", 3_600_000, p.pass);
    let stopped = false;
    const stopping = schedule.stop().then(() => {
      stopped = true;
    });
    await settle();
    expect(stopped).toBe(false);
    p.finish();
    await stopping;
    schedule.wake();
    expect(p.started()).toBe(1);
  });

  it("keeps its schedule after a pass fails", async () => {
    let runs = 0;
    const schedule = every("failing job", 3_600_000, async () => {
      runs++;
      throw new Error("boom");
    });
    await settle();
    schedule.wake();
    await settle();
    expect(runs).toBe(2);
    await schedule.stop();
  });
});
