import { MIN_ALTERNATIVES } from "../../ranking/alternatives";
import { AlternativesIndex, type SavedAlternatives } from "../../ranking/alternatives-index";
import type { Db } from "../client";
import { loadAlternativesIndex } from "./alternatives";
import { adminPairs, type ComparePage, comparePages, popularTools } from "./comparisons";

/** Discovery as it is saved beside a build (see Discovery.toJSON). */
export type SavedDiscovery = {
  alternatives: SavedAlternatives;
  popular: number[];
  /** [key, a, b, admin] */
  pages: [string, number, number, boolean][];
};

/**
 * What the pages show of alternatives and comparisons, for the whole directory: every tool's
 * ranked alternatives (and what they were ranked on), the most-saved tools and the comparison
 * pages. A full build computes it once; the incremental renderer keeps it and saves it beside the
 * live build, so the next pass knows what the pages show (rebuild/discovery.ts).
 */
export class Discovery {
  private readonly byTool = new Map<number, ComparePage[]>();
  private readonly byKey = new Map<string, ComparePage>();

  constructor(
    readonly index: AlternativesIndex,
    readonly popular: number[],
    readonly pages: ComparePage[],
  ) {
    for (const page of pages) {
      this.byKey.set(page.key, page);
      for (const id of [page.a, page.b]) this.byTool.set(id, [...(this.byTool.get(id) ?? []), page]);
    }
  }

  /** Everything from the database (a full build). */
  static async load(db: Db): Promise<Discovery> {
    const index = await loadAlternativesIndex(db);
    return Discovery.around(db, index);
  }

  /** The comparison pages for `index` as the database stands (popular tools and admin pairs read anew). */
  static async around(db: Db, index: AlternativesIndex): Promise<Discovery> {
    const [popular, admin] = await Promise.all([popularTools(db), adminPairs(db)]);
    const pages = comparePages(
      (id) => index.features(id)?.slug,
      admin,
      popular,
      (id) => index.list(id),
    );
    return new Discovery(index, popular, pages);
  }

  static fromJSON(saved: SavedDiscovery): Discovery {
    return new Discovery(
      AlternativesIndex.fromJSON(saved.alternatives),
      saved.popular,
      saved.pages.map(([key, a, b, admin]) => ({ key, a, b, admin })),
    );
  }

  toJSON(): SavedDiscovery {
    return {
      alternatives: this.index.toJSON(),
      popular: this.popular,
      pages: this.pages.map((p) => [p.key, p.a, p.b, p.admin]),
    };
  }

  /** Whether tool `id` has an alternatives page (enough alternatives). */
  hasAlternativesPage(id: number): boolean {
    return this.index.list(id).length >= MIN_ALTERNATIVES;
  }

  /** The slugs of every tool with an alternatives page, by id. */
  alternativesPages(): string[] {
    return [...this.index.ids()]
      .filter((id) => this.hasAlternativesPage(id))
      .sort((a, b) => a - b)
      .map((id) => this.index.features(id)?.slug ?? "");
  }

  /** The comparison pages showing tool `id`. */
  comparisonsOf(id: number): ComparePage[] {
    return this.byTool.get(id) ?? [];
  }

  /** The comparison page `/compare/{key}`, if there is one. */
  page(key: string): ComparePage | undefined {
    return this.byKey.get(key);
  }
}
