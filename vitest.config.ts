import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "api/**/*.test.ts",
      "config/**/*.test.ts",
      "db/**/*.test.ts",
      "jobs/**/*.test.ts",
      "lib/**/*.test.ts",
      "media/**/*.test.ts",
      "ranking/**/*.test.ts",
      "rebuild/**/*.test.ts",
      "site/**/*.test.ts",
    ],
    environment: "node",
    pool: "forks",
    maxWorkers: 2,
    // Guards against a hang, not estimates: every wait in a test follows the event it waits for
    // (a response, a log line, a file), and a build takes as long as the machine needs.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
