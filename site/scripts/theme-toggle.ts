import { currentTheme, storedTheme, storeTheme, systemDarkQuery, THEME_STORAGE_KEY, type Theme } from "../../lib/theme";

/**
 * The header's dark-mode toggle (a pressed/unpressed button). The inline <head> script already set
 * <html data-theme>; this keeps it, and the button's pressed state, in step with the visitor's
 * choice, the system's while there is none, and a choice made in another tab (or the admin).
 */
const root = document.documentElement;
const toggles = document.querySelectorAll<HTMLButtonElement>("[data-theme-toggle]");

function apply(theme: Theme) {
  root.dataset.theme = theme;
  for (const toggle of toggles) toggle.setAttribute("aria-pressed", String(theme === "dark"));
}

apply(currentTheme());
for (const toggle of toggles) {
  toggle.addEventListener("click", () => {
    const next = root.dataset.theme === "dark" ? "light" : "dark";
    storeTheme(next);
    apply(next);
  });
}
systemDarkQuery().addEventListener("change", () => {
  if (!storedTheme()) apply(currentTheme());
});
window.addEventListener("storage", (event) => {
  if (event.key === THEME_STORAGE_KEY) apply(currentTheme());
});
