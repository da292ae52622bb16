import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { DECIDED_REVISION_KEEP_DAYS, sweepDecidedRevisions } from "../db/queries/revisions";
import { createTool } from "../db/queries/tools";
import { freshDb } from "../db/testing";
import { runJobsOnce } from "./testing";

const DAY = 86_400_000;
let db: Db;
let close: () => void;
let toolIds: number[] = [];
beforeAll(async () => {
  ({ db, close } = await freshDb());
  toolIds = await Promise.all(
    ["Edited One", "Edited Two"].map(async (name) => (await createTool(db, { name }, null)).id),
  );
});
afterAll(() => close());

const revision = (toolId: number, status: string, decidedDaysAgo: number) =>
  db.$client.execute({
    sql: "INSERT INTO tool_revisions (tool_id, changes, status, updated_at) VALUES (?, '{}', ?, ?)",
    args: [toolId, status, new Date(Date.now() - decidedDaysAgo * DAY).toISOString()],
  });
const left = async () =>
  (await db.$client.execute("SELECT status FROM tool_revisions ORDER BY id")).rows.map((r) => String(r.status));

describe("decided edits of listings are forgotten after a while", () => {
  it("deletes edits decided longer ago than the kept days, never a pending one", async () => {
    const [one, two] = toolIds as [number, number];
    await revision(one, "approved", DECIDED_REVISION_KEEP_DAYS + 1);
    await revision(one, "rejected", DECIDED_REVISION_KEEP_DAYS + 5);
    await revision(one, "pending", DECIDED_REVISION_KEEP_DAYS + 30);
    await revision(two, "rejected", 2);
    expect(await sweepDecidedRevisions(db, new Date())).toBe(2);
    expect(await left()).toEqual(["pending", "rejected"]);
  });

  it("runs among the background jobs", async () => {
    await revision(toolIds[1] as number, "approved", 400);
    await runJobsOnce(db);
    expect(await left()).toEqual(["pending", "rejected"]);
  });
});
