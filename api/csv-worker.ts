/**
 * The CSV parsing thread started by parseToolsCsvOffThread (api/csv.ts): decodes the upload it
 * is handed, parses and validates it, and answers once with the rows or the problems found.
 */
import { parentPort, workerData } from "node:worker_threads";
import { CsvError, type CsvReply, parseToolsCsv } from "./csv";

function read(bytes: Uint8Array): CsvReply {
  let content: string;
  try {
    content = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { error: "The file is not valid UTF-8 text" };
  }
  try {
    return { rows: parseToolsCsv(content) };
  } catch (error) {
    if (error instanceof CsvError) return { error: error.message };
    throw error;
  }
}

parentPort?.postMessage(read(workerData as Uint8Array));
