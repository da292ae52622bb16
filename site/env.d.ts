/// <reference types="astro/client" />
// Astro's and Vite's module types (such as `?inline` imports) for the type check, which runs
// before any build has generated .astro/types.d.ts.
