import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { SERVER_HEAP_FLAGS } from "./server-heap";

test("npm start runs the server with the heap flags the figures are measured with", () => {
  const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
  expect(scripts.start).toBe(`tsx ${SERVER_HEAP_FLAGS.join(" ")} scripts/start.ts`);
});
