/** The browser keeps the session token in localStorage under this key (SPEC §3), for the site and the admin. */
export const TOKEN_KEY = "token";
