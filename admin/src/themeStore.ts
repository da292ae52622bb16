import { localStorageStore, type Store } from "react-admin";
import { isTheme, storedTheme, storeTheme } from "../../lib/theme";

/**
 * react-admin's store, except that its "theme" entry is the directory's own stored choice
 * (lib/theme.ts): switching theme in the admin switches the public site too, and back. With no
 * stored choice react-admin follows the system, as the site does.
 */
export function themeSharingStore(inner: Store = localStorageStore()): Store {
  return {
    ...inner,
    getItem: (key, defaultValue) =>
      key === "theme" ? ((storedTheme() ?? defaultValue) as typeof defaultValue) : inner.getItem(key, defaultValue),
    setItem: (key, value) => {
      if (key === "theme") storeTheme(isTheme(value) ? value : null);
      // The inner store tells react-admin's subscribers (the theme provider, the toggle).
      inner.setItem(key, value);
    },
    removeItem: (key) => {
      if (key === "theme") storeTheme(null);
      inner.removeItem(key);
    },
  };
}
