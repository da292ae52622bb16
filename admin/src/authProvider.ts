import type { AuthProvider } from "react-admin";
import { TOKEN_KEY } from "../../lib/session";
import { askSignInThenReturn } from "../../lib/sign-in-return";
import { authorizedFetch, token } from "./httpClient";

type Me = { id: number; email: string; role: "user" | "admin" };
let me: Promise<Me | null> | null = null;

function currentUser(): Promise<Me | null> {
  if (!token()) return Promise.resolve(null);
  me ??= authorizedFetch("/api/auth/me")
    .then((r) => r.json() as Promise<Me>)
    .catch(() => null);
  return me;
}

/** Outside the SPA: the public site's home page, where visitors sign in. */
function leaveToHome() {
  window.location.assign("/");
}

/**
 * Sessions are shared with the public site (same origin, same `token`). A visitor who is not
 * signed in is sent to / ; the server refuses every admin call to anyone but an admin.
 */
export const authProvider: AuthProvider = {
  async login() {
    leaveToHome();
  },
  async logout() {
    if (token()) await authorizedFetch("/api/auth/logout", { method: "POST" }).catch(() => {});
    localStorage.removeItem(TOKEN_KEY);
    me = null;
    leaveToHome();
    return false;
  },
  async checkAuth() {
    const user = await currentUser();
    if (!user) {
      localStorage.removeItem(TOKEN_KEY);
      me = null;
      // The home page says why, opens the sign-in dialog and brings the admin back here.
      askSignInThenReturn(`${window.location.pathname}${window.location.search}`);
      leaveToHome();
      throw new Error("Not signed in");
    }
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      localStorage.removeItem(TOKEN_KEY);
      me = null;
      throw new Error("Session expired");
    }
  },
  async getIdentity() {
    const user = await currentUser();
    if (!user) throw new Error("Not signed in");
    return { id: user.id, fullName: user.email };
  },
  async getPermissions() {
    return (await currentUser())?.role ?? null;
  },
};
