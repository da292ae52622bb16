/**
 * What code a build was compiled from. A renderer started later may render into the live build
 * only when it compiled the same code: the compiled assets' names alone miss a change that ends
 * up only in the pages (a layout's markup, a stylesheet inlined into every page), and the live
 * site then kept serving the old pages after an upgrade.
 * Node runs this file as it is (types stripped, no loader), like rebuild/worker.ts.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { AstroIntegration } from "astro";
import { replaceFile } from "./output.ts";

/** Beside a build's pages: the fingerprint of the code it was compiled from (never served). */
export const CODE_VERSION_FILE = ".site-code";

/**
 * Collects every module a build compiles, by its path and a digest of its source as read (before
 * any transform), and the Astro config: the same code gives the same fingerprint, and a change to
 * a page, a component, a stylesheet, a dependency or the config gives another.
 */
export class CodeFingerprint {
  private readonly modules = new Map<string, string>();
  private readonly root: string;

  constructor(root: string) {
    this.root = root;
    // Astro reads its config outside the build's module graph, yet it shapes every page.
    const config = join(root, "astro.config.mjs");
    this.record(readFileSync(config, "utf8"), config);
  }

  private record(code: string, id: string): void {
    // Virtual modules ("\0…", "astro:…") are generated from the files, which are recorded.
    if (!id.startsWith("/")) return;
    this.modules.set(relative(this.root, id), createHash("sha256").update(code).digest("base64url"));
  }

  /** The integration that records the modules of the build it is given to. */
  integration(): AstroIntegration {
    const record = (code: string, id: string) => this.record(code, id);
    return {
      name: "code-fingerprint",
      hooks: {
        "astro:config:setup": ({ updateConfig }) => {
          updateConfig({
            vite: {
              plugins: [
                {
                  name: "code-fingerprint",
                  enforce: "pre",
                  transform(code: string, id: string) {
                    record(code, id);
                    return null;
                  },
                },
              ],
            },
          });
        },
      },
    };
  }

  /** The fingerprint of every module recorded so far. */
  digest(): string {
    const hash = createHash("sha256");
    for (const id of [...this.modules.keys()].sort()) hash.update(`${id}\0${this.modules.get(id)}\n`);
    return hash.digest("base64url");
  }
}

export function writeCodeVersion(dir: string, version: string): void {
  replaceFile(join(dir, CODE_VERSION_FILE), Buffer.from(version));
}

/** The code fingerprint of the build at `dir`, or null when it has none (built before it was kept). */
export function readCodeVersion(dir: string): string | null {
  try {
    return readFileSync(join(dir, CODE_VERSION_FILE), "utf8");
  } catch {
    return null;
  }
}
