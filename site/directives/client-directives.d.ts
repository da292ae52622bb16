import "astro";

declare module "astro" {
  interface AstroClientDirectives {
    /** Hydrates on the visitor's first interaction (site/directives/interact.ts). */
    "client:interact"?: boolean;
  }
}
