import { spawn } from "node:child_process";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { SERVER_HEAP_FLAGS } from "../config/server-heap";
import { record } from "./lib";

/** A local SMTP server that accepts and discards every message, counting them. */
async function sink() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, done) {
      stream.on("end", () => {
        received++;
        done();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The weekly digest to `count` confirmed subscribers (`--digest-count N`, see bench/run.ts) through
 * a local SMTP server, in a process of its own (bench/digest-run.ts, run with the server's heap
 * flags, config/server-heap.ts) so that its RSS is the section's: the product's whole path (the job queues the outbox in batches, the sender renders
 * the issue once, fills in each unsubscribe link and delivers, at the highest MAIL_RATE_PER_MINUTE
 * allowed) against a raw nodemailer loop sending the same rendered digest through the same pooled
 * transport to the same server, messages per second; and that process's peak RSS during the
 * product's run. The server runs in this process, as a real one would be elsewhere.
 */
/** Messages sent before either run is timed, so both measure warm code. */
const WARM_UP = 500;

export async function digestFigures(count: number) {
  const smtp = await sink();
  try {
    const child = spawn(
      process.execPath,
      [...SERVER_HEAP_FLAGS, "--import", "tsx", "bench/digest-run.ts", smtp.url, String(count), String(WARM_UP)],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    if (code !== 0) throw new Error(`bench/digest-run.ts exited with ${code}`);
    const { ours, reference, oursCpu, referenceCpu, peakMb, startMb } = JSON.parse(
      out.trim().split("\n").at(-1) ?? "{}",
    ) as Record<string, number>;
    const expected = 2 * count + WARM_UP;
    if (smtp.received() !== expected) throw new Error(`${smtp.received()} messages received, ${expected} sent`);
    record(
      {
        name: `digest to ${count} subscribers through local SMTP, msg/s: outbox + sender / raw nodemailer loop`,
        value: ours ?? 0,
        unit: "msg/s",
        reference: reference ?? 1,
        aim: ">= 0.8",
      },
      (ours ?? 0) / (reference ?? 1),
      (ours ?? 0) / (reference ?? 1) >= 0.8,
    );
    record(
      {
        name: `digest to ${count} subscribers, msg per CPU-second of the sending process: outbox + sender / raw loop`,
        value: oursCpu ?? 0,
        unit: "msg/cpu-s",
        reference: referenceCpu ?? 1,
        aim: ">= 0.8 (the same comparison, unaffected by other load on the machine)",
      },
      (oursCpu ?? 0) / (referenceCpu ?? 1),
      (oursCpu ?? 0) / (referenceCpu ?? 1) >= 0.8,
    );
    record(
      {
        name: `digest to ${count} subscribers: peak RSS of its own process`,
        value: peakMb ?? 0,
        unit: "MB",
        reference: 300,
        aim: `< 300 MB; ${Math.round(startMb ?? 0)} MB when sending started`,
      },
      (peakMb ?? 0) / 300,
      (peakMb ?? 0) < 300,
    );
  } finally {
    await smtp.close();
  }
}
