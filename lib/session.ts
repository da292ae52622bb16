import { pendingSignInReturn } from "./sign-in-return";

/** The browser keeps the session token in localStorage under this key (SPEC §3), for the site and the admin. */
export const TOKEN_KEY = "token";
/** The sessionStorage key of a toast kept across a full-page redirect (site/lib/flash.ts). */
export const FLASH_KEY = "flash";

/**
 * Runs first in <head>: marks <html data-member> for a visitor with a stored session, so the
 * header's signed-out buttons (pre-rendered for everyone) stay hidden; the header drops the mark
 * when the stored session is refused.
 */
export const MEMBER_MARK_SCRIPT = `(function(){try{localStorage.getItem(${JSON.stringify(TOKEN_KEY)})!==null&&document.documentElement.setAttribute("data-member","")}catch(e){}})()`;

/**
 * Whether this page's islands should hydrate as soon as the browser is idle rather than on the
 * visitor's first interaction (site/directives/interact.ts): a member's islands show their session
 * (saved tools, their review), and a toast or a sign-in return waiting for the header is shown at once.
 */
export function wantsIslandsAtOnce(): boolean {
  try {
    return (
      localStorage.getItem(TOKEN_KEY) !== null ||
      sessionStorage.getItem(FLASH_KEY) !== null ||
      pendingSignInReturn() !== null
    );
  } catch {
    return false;
  }
}
