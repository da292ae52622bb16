import { atom, computed, onMount } from "nanostores";
import { TOKEN_KEY } from "../../lib/session";
import { ApiError, api, storedToken } from "../lib/api";
import type { PublicUser } from "../lib/types";

type AuthResponse = { access_token: string; user: PublicUser };

export const $user = atom<PublicUser | null>(null);
/** True until the stored token (if any) has been checked. */
export const $sessionLoading = atom(true);
const $subscriptionStatus = computed($user, (u) => u?.user_metadata?.subscription_status ?? "free");
export const $isPro = computed($subscriptionStatus, (s) => s === "pro");
/** Set to "signin" or "signup" to open the auth dialog from anywhere. */
export const $authDialog = atom<null | "signin" | "signup">(null);

/** The token lives in localStorage only (SPEC §7), where every island and the admin read it. */
function setToken(token: string | null) {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {}
}

/**
 * Fetches the current user for the stored token. Only the server's 401 (a forged, expired or
 * revoked token) signs out: a network failure, a 5xx or a request cut short because the visitor
 * navigated away must never drop a good token, so those are retried a few times and then left
 * for the next page to check again.
 */
export async function refreshUser(): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    if (!storedToken()) {
      $user.set(null);
      $sessionLoading.set(false);
      return;
    }
    try {
      $user.set(await api<PublicUser>("/auth/me"));
      $sessionLoading.set(false);
      return;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        setToken(null);
        $user.set(null);
        $sessionLoading.set(false);
        return;
      }
      if (attempt >= SESSION_RETRIES.length) {
        console.warn("Session check failed; the token is kept for the next page", error);
        $sessionLoading.set(false);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, SESSION_RETRIES[attempt]));
    }
  }
}

/** Waits before each new session check after a failure that was not a 401 (ms). */
const SESSION_RETRIES = [500, 1500, 3000];

/**
 * The user once the stored token has been checked: a click that needs a session (buying Pro,
 * claiming a tool) waits for it rather than asking a signed-in visitor to sign in again.
 */
export function settledUser(): Promise<PublicUser | null> {
  if (!$sessionLoading.get()) return Promise.resolve($user.get());
  startSession();
  return new Promise((resolve) => {
    const stop = $sessionLoading.listen((loading) => {
      if (loading) return;
      stop();
      resolve($user.get());
    });
  });
}

let started = false;
/** Reads the stored token once per page and fetches the user. */
function startSession() {
  if (started || typeof window === "undefined") return;
  started = true;
  void refreshUser();
  // Another tab signing in or out changes the token: follow it.
  window.addEventListener("storage", (event) => {
    if (event.key === TOKEN_KEY) void refreshUser();
  });
}

onMount($user, () => {
  startSession();
});

export async function signIn(email: string, password: string): Promise<PublicUser> {
  const result = await api<AuthResponse>("/auth/signin", { method: "POST", body: { email, password }, auth: false });
  setToken(result.access_token);
  $user.set(result.user);
  $sessionLoading.set(false);
  return result.user;
}

export async function signUp(email: string, password: string): Promise<PublicUser> {
  const result = await api<AuthResponse>("/auth/signup", { method: "POST", body: { email, password }, auth: false });
  setToken(result.access_token);
  $user.set(result.user);
  $sessionLoading.set(false);
  return result.user;
}

export async function signOut(): Promise<void> {
  // Revoke the token on the server too; signing out locally never waits on it.
  void api("/auth/logout", { method: "POST" }).catch(() => {});
  setToken(null);
  $user.set(null);
}
