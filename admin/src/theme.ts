import { defaultTheme, type RaThemeOptions } from "react-admin";

/** react-admin's Material UI theme in the directory's colours. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { primary: { main: "#4f46e5" }, secondary: { main: "#0ea5e9" } },
  shape: { borderRadius: 10 },
};
