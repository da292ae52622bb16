/**
 * Light or dark: the visitor's stored choice, else the system's. The public site and the admin
 * share one origin, so one stored choice themes both.
 */
export type Theme = "light" | "dark";

export const THEME_STORAGE_KEY = "theme";

const SYSTEM_DARK = "(prefers-color-scheme: dark)";

/**
 * Runs inline at the top of every page's <head>, before anything paints: the page never shows
 * the wrong theme first. Its sha256 joins the pages' CSP (astro.config.mjs hashes this string),
 * so it stays a plain literal: what is hashed is byte for byte what is served.
 */
export const THEME_INIT_SCRIPT = `(function(){var t=null;try{t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})}catch(e){}document.documentElement.dataset.theme=t==="dark"||t==="light"?t:matchMedia(${JSON.stringify(SYSTEM_DARK)}).matches?"dark":"light"})()`;

export function isTheme(value: unknown): value is Theme {
  return value === "light" || value === "dark";
}

/** The stored choice, or null when there is none (or storage is blocked). */
export function storedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeTheme(theme: Theme | null): void {
  try {
    if (theme) localStorage.setItem(THEME_STORAGE_KEY, theme);
    else localStorage.removeItem(THEME_STORAGE_KEY);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}

export function systemDarkQuery(): MediaQueryList {
  return matchMedia(SYSTEM_DARK);
}

/** The theme in force: the stored choice, else the system's. */
export function currentTheme(): Theme {
  return storedTheme() ?? (systemDarkQuery().matches ? "dark" : "light");
}
