import { type ChildProcess, fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import pLimit from "p-limit";
import type { ImageType, StoredImage } from "../lib/media";
import { ImageRefused } from "./convert";

const WORKER = join(import.meta.dirname, "convert-worker.ts");
/** How often a converting child's memory is looked at. */
const WATCH_MS = 50;

type ConvertLimits = {
  /** Children converting at once. */
  workers: number;
  /** Images waiting for a child at most; past it the caller is told to come back (ConvertBusy). */
  waiting: number;
  /**
   * The processor time one image may take; the child is killed past it and the image refused.
   * Counted in CPU time, not wall time: on a busy machine a child at the lowest priority waits
   * for the processor, and an ordinary picture must not be refused for that. A conversion stalled
   * without using the processor ends at WALL_FACTOR times this.
   */
  deadlineMs: number;
  /** A converting child's resident memory at most; it is killed past it and the image refused. */
  memoryBytes: number;
};

/** Every converter is busy and the queue is full: try again in a few seconds. */
export class ConvertBusy extends Error {
  constructor() {
    super("Images are being converted for others: try again in a few seconds");
  }
}

type Answer =
  | { stored: StoredImage }
  | { refused: { status: 413 | 415 | 422; message: string } }
  | { failed: { message: string; code?: string } };

/** How many times the CPU deadline a conversion may last in wall time, whatever it does. */
const WALL_FACTOR = 6;
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** A child's processor time (user + system) in ms (Linux), or null where it cannot be read. */
function cpuMs(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    // Fields after the command name, which may hold spaces: state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** A child's resident memory in bytes (Linux), or 0 where it cannot be read. */
function residentBytes(pid: number | undefined): number {
  try {
    return Number(readFileSync(`/proc/${pid}/statm`, "latin1").split(" ")[1]) * 4096;
  } catch {
    return 0;
  }
}

/**
 * Converts images in child processes (media/convert-worker.ts), a few at a time behind a short
 * queue, each under a deadline and a memory cap: a hostile picture costs one child a few seconds
 * and is refused, and the server's own threads (password hashing, files, DNS) stay free.
 */
export class ConvertPool {
  #idle: ChildProcess[] = [];
  #slots: ReturnType<typeof pLimit>;

  constructor(readonly limits: ConvertLimits) {
    this.#slots = pLimit(limits.workers);
  }

  /** Sets how many children convert at once. */
  resize(workers: number): void {
    this.limits.workers = workers;
    this.#slots.concurrency = workers;
  }

  convert(bytes: Buffer, type: ImageType, mediaDir: string): Promise<StoredImage> {
    if (this.#slots.activeCount >= this.#slots.concurrency && this.#slots.pendingCount >= this.limits.waiting)
      return Promise.reject(new ConvertBusy());
    return this.#slots(async () => {
      const child = this.#idle.pop() ?? (await this.#start());
      const answer = await this.#run(child, { bytes, type, mediaDir });
      if ("stored" in answer) return answer.stored;
      if ("refused" in answer) throw new ImageRefused(answer.refused.status, answer.refused.message);
      throw Object.assign(new Error(answer.failed.message), { code: answer.failed.code });
    });
  }

  /** Ends the idle children (the server is stopping). */
  close(): void {
    for (const child of this.#idle.splice(0)) child.kill();
  }

  #start(): Promise<ChildProcess> {
    const child = fork(WORKER, [], {
      // The V8 heap stays small; the pixels live in libvips's memory, watched from here.
      execArgv: ["--max-old-space-size=128"],
      serialization: "advanced",
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    child.once("exit", () => {
      this.#idle = this.#idle.filter((c) => c !== child);
    });
    return new Promise((resolve, reject) => {
      child.once("message", () => resolve(child));
      child.once("exit", (code) => reject(new Error(`the image converter did not start (${code})`)));
    });
  }

  /** Sends one image to `child`; kills it past the deadline or the memory cap. */
  #run(child: ChildProcess, job: { bytes: Buffer; type: ImageType; mediaDir: string }): Promise<Answer> {
    // A working child keeps the process alive; an idle one does not (a script may end).
    child.ref();
    child.channel?.ref();
    return new Promise((resolve) => {
      let refusal: ImageRefused | null = null;
      const kill = (why: ImageRefused) => {
        refusal ??= why;
        child.kill("SIGKILL");
      };
      const tooLong = () => new ImageRefused(422, "The image took too long to convert");
      const deadline = setTimeout(() => kill(tooLong()), this.limits.deadlineMs * WALL_FACTOR);
      const cpuAtStart = cpuMs(child.pid);
      const look = () => {
        if (residentBytes(child.pid) > this.limits.memoryBytes)
          kill(new ImageRefused(422, "The image needs too much memory to convert"));
        // Where the processor time cannot be read, the wall-time deadline is the only one.
        const cpu = cpuMs(child.pid);
        const spent = cpu === null || cpuAtStart === null ? 0 : cpu - cpuAtStart;
        if (spent > this.limits.deadlineMs) kill(tooLong());
      };
      const watch = setInterval(look, WATCH_MS);
      const settle = (answer: Answer) => {
        clearTimeout(deadline);
        clearInterval(watch);
        child.off("message", answered);
        child.off("exit", exited);
        resolve(answer);
      };
      const answered = (answer: Answer) => {
        child.unref();
        child.channel?.unref();
        this.#idle.push(child);
        settle(answer);
      };
      // Killed, or crashed on the image (the next image gets a new child).
      const exited = () => {
        const { status, message } = refusal ?? new ImageRefused(422, "The image could not be read");
        settle({ refused: { status, message } });
      };
      child.once("message", answered);
      child.once("exit", exited);
      child.send(job);
      look();
    });
  }
}
