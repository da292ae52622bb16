import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, migrateDb, openDb } from "../db/client";
import { createCategory } from "../db/queries/categories";
import { createTool, deleteTool, getTool, updateTool } from "../db/queries/tools";
import { EXPORT_MANIFEST, exportSite } from "./export";
import { SiteBuilder } from "./scheduler";

let dir: string;
let db: Db;
let builder: SiteBuilder;
let target: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "aitools-export-"));
  const url = `file:${join(dir, "app.db")}`;
  db = await openDb({ url });
  await migrateDb(db);
  const writing = await createCategory(db, { name: "Writing", slug: "writing" });
  for (const n of [1, 2, 3]) {
    await createTool(
      db,
      { name: `Tool ${n}`, description: `Tool number ${n} `.repeat(80), category_id: writing.id },
      null,
    );
  }
  builder = new SiteBuilder({
    db,
    siteDir: join(dir, "site"),
    databaseUrl: url,
    debounceMs: 10,
    workers: 1,
    log: () => {},
  });
  expect(await builder.now("first")).toBe(true);
  target = join(dir, "export");
});
afterAll(() => {
  builder.close();
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every file of a folder (relative path -> bytes), without compressed siblings and dot files. */
function files(root: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name) || entry.name.startsWith(".")) continue;
    const path = join(entry.parentPath, entry.name);
    found.set(path.slice(root.length + 1), readFileSync(path));
  }
  return found;
}

const mtimes = () => new Map([...files(target).keys()].map((path) => [path, statSync(join(target, path)).mtimeMs]));

describe("npm run export", () => {
  it("writes the live site with compressed siblings and a manifest, and nothing more when it is unchanged", () => {
    const first = exportSite(join(dir, "site"), target);
    const live = files(realpathSync(builder.currentDir));
    expect(first?.copied.sort()).toEqual([...live.keys()].sort());
    expect(files(target)).toEqual(live);
    const home = join(target, "tool/tool-1/index.html");
    expect(brotliDecompressSync(readFileSync(`${home}.br`)).equals(readFileSync(home))).toBe(true);
    expect(readdirSync(target)).toContain(EXPORT_MANIFEST);
    expect(readdirSync(target).some((name) => name.startsWith(".site-version"))).toBe(false);

    const before = mtimes();
    const again = exportSite(join(dir, "site"), target);
    expect(again).toEqual({ copied: [], removed: [], unchanged: live.size });
    expect(mtimes()).toEqual(before);
  });

  it("writes only the files one tool's change rewrote, and deletes those the site no longer has", async () => {
    const old = files(target);
    const tool = await getTool(db, { slug: "tool-2" });
    const gone = await getTool(db, { slug: "tool-3" });
    if (!tool || !gone) throw new Error("missing tool");
    const after = await updateTool(db, tool.id, { description: "Rewritten" });
    if (!after) throw new Error("missing tool");
    builder.toolsChanged("tool updated", [tool, after]);
    await deleteTool(db, gone.id);
    builder.toolsChanged("tool deleted", [gone]);
    await builder.settled();

    const result = exportSite(join(dir, "site"), target);
    const live = files(realpathSync(builder.currentDir));
    const differing = [...live].filter(([path, bytes]) => !old.get(path)?.equals(bytes)).map(([path]) => path);
    expect(differing).toContain("tool/tool-2/index.html");
    expect(result?.copied.sort()).toEqual(differing.sort());
    expect(result?.removed).toEqual(["tool/tool-3/index.html"]);
    expect(files(target)).toEqual(live);
    expect(readdirSync(join(target, "tool/tool-3"))).toEqual([]);
  });

  it("exports afresh into a folder without a manifest", () => {
    rmSync(join(target, EXPORT_MANIFEST));
    const result = exportSite(join(dir, "site"), target);
    expect(result?.unchanged).toBe(0);
    expect(files(target)).toEqual(files(realpathSync(builder.currentDir)));
  });
});
