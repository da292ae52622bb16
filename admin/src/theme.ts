import { defaultDarkTheme, defaultTheme, type RaThemeOptions } from "react-admin";

const shape = { borderRadius: 10 };

/**
 * Every list fits a phone: its table scrolls sideways inside its own box, so the page never
 * widens past the screen.
 */
const lists = {
  RaList: {
    styleOverrides: {
      root: {
        "& .RaList-main": { minWidth: 0 },
        "& .RaList-content": { overflowX: "auto" },
      },
    },
  },
} as const;

/** react-admin's Material UI theme in the directory's colours. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  // Secondary colours the app bar: the site's indigo, as its brand mark and primary buttons.
  palette: { primary: { main: "#4f46e5" }, secondary: { main: "#4f46e5" } },
  shape,
  components: { ...defaultTheme.components, ...lists },
};

/** react-admin's dark theme with the directory's colours lightened to read on dark surfaces. */
export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: {
    ...defaultDarkTheme.palette,
    mode: "dark",
    primary: { main: "#a5b4fc" },
    secondary: { main: "#312e81" },
  },
  shape,
  components: { ...defaultDarkTheme.components, ...lists },
};
