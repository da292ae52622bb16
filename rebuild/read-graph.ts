import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { replaceFile } from "./output.ts";

/** A build's page -> keys files: one per worker of the full build that wrote it (see READS_FILE). */
const READS_PREFIX = ".site-reads-";

/** The file worker `index` of a full build writes its pages' reads to, beside them. Never served. */
const readsFile = (index: number) => `${READS_PREFIX}${index}.json`;

/** A page's path as the planner names it: no trailing slash, "/" for the home page. */
export const pagePath = (path: string) => path.replace(/\/+$/, "") || "/";

/**
 * Which records each page of a build read while it rendered (db/page-reads.ts), and the
 * reverse: which pages read a key. Kept by the render worker between passes and saved beside the
 * build, so a renderer started later plans from the graph of the pages it serves.
 */
export class ReadGraph {
  private readonly pages = new Map<string, string[]>();
  private readonly readers = new Map<string, Set<string>>();
  /** Whether a page's reads changed since the graph was read or saved. */
  dirty = false;

  /** Records what `path` read in its latest render (nothing: it is dropped from the graph). */
  set(path: string, keys: string[]): void {
    const page = pagePath(path);
    const before = this.pages.get(page);
    if (before && before.join("\n") === keys.join("\n")) return;
    this.remove(page);
    this.dirty = true;
    if (keys.length === 0) return;
    this.pages.set(page, keys);
    for (const key of keys) {
      const set = this.readers.get(key) ?? new Set<string>();
      set.add(page);
      this.readers.set(key, set);
    }
  }

  /** Forgets a page that is no longer in the build. */
  remove(path: string): void {
    const page = pagePath(path);
    const keys = this.pages.get(page);
    if (!keys) return;
    this.pages.delete(page);
    this.dirty = true;
    for (const key of keys) {
      const set = this.readers.get(key);
      set?.delete(page);
      if (set?.size === 0) this.readers.delete(key);
    }
  }

  /**
   * The pages that read any of `keys`: the pages of the directory's lists (home, categories,
   * tags, blog, feeds, sitemap) first, then the tool, alternatives and comparison pages.
   */
  readersOf(keys: Iterable<string>): string[] {
    const found = new Set<string>();
    for (const key of keys) for (const page of this.readers.get(key) ?? []) found.add(page);
    const later = (page: string) => /^\/(tool|alternatives|compare)\//.test(page);
    return [...found].sort((a, b) => Number(later(a)) - Number(later(b)) || (a < b ? -1 : a > b ? 1 : 0));
  }

  get size(): number {
    return this.pages.size;
  }

  /**
   * Writes the graph beside the build at `dir` as worker `index`'s file (each by a rename). With
   * `only`, the other workers' files are removed: this one now holds every page.
   */
  save(dir: string, index: number, only = false): void {
    const body = Object.fromEntries([...this.pages].sort(([a], [b]) => (a < b ? -1 : 1)));
    replaceFile(join(dir, readsFile(index)), Buffer.from(JSON.stringify(body)));
    if (only) {
      for (const name of readdirSync(dir)) {
        if (name.startsWith(READS_PREFIX) && name !== readsFile(index)) rmSync(join(dir, name), { force: true });
      }
    }
    this.dirty = false;
  }

  /** The graph of the build at `dir`, merged from its workers' files; null when it has none. */
  static read(dir: string): ReadGraph | null {
    const names = readdirSync(dir).filter((name) => name.startsWith(READS_PREFIX) && name.endsWith(".json"));
    if (names.length === 0) return null;
    const graph = new ReadGraph();
    // Pages every worker rendered (the home page, the feeds) read the same: the first copy is kept.
    for (const name of names.sort()) {
      const parsed = JSON.parse(readFileSync(join(dir, name), "utf8")) as Record<string, string[]>;
      for (const [page, keys] of Object.entries(parsed)) if (!graph.pages.has(page)) graph.set(page, keys);
    }
    graph.dirty = false;
    return graph;
  }
}

/** Every full build writes this one (its first worker's): a build without it has no graph. */
export const READS_CHECK_FILE = readsFile(0);
