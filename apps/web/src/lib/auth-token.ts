import { useSyncExternalStore } from 'react';

/**
 * The session lives in an httpOnly cookie, but the messenger build cannot rely on cookies, so the
 * token is also kept here and sent as a bearer header. "Has a token" is what "signed in" means.
 */
const storageKey = 'auth_token';
const listeners = new Set<() => void>();

function readStorage(): string | null {
  try {
    return globalThis.localStorage?.getItem(storageKey) ?? null;
  } catch {
    return null;
  }
}

let currentToken: string | null = readStorage();
/**
 * Counts the token's changes: a request remembers the one it was sent in, so an answer to a
 * request of an earlier session (a 401 arriving after the player signed in again) is told apart
 * from one about the session the app has now.
 */
let sessionGeneration = 0;
/** Set when the player signed out on purpose, as opposed to a guest or an expired session. */
let signedOutByPlayer = false;
/** Set from the moment the player asks to sign out until the token is cleared. */
let signingOut = false;

function emit(): void {
  for (const listener of listeners) listener();
}

export function getAuthToken(): string | null {
  return currentToken;
}

/** Which session the app is in now (changes whenever the token does). */
export function getSessionGeneration(): number {
  return sessionGeneration;
}

export function setAuthToken(token: string): void {
  currentToken = token;
  sessionGeneration += 1;
  signedOutByPlayer = false;
  signingOut = false;
  try {
    globalThis.localStorage?.setItem(storageKey, token);
  } catch {
    // Private mode without storage: the token still lives for this page.
  }
  emit();
}

export function clearAuthToken(options: { byPlayer?: boolean } = {}): void {
  signingOut = false;
  if (currentToken === null) return;
  currentToken = null;
  sessionGeneration += 1;
  signedOutByPlayer = options.byPlayer ?? false;
  try {
    globalThis.localStorage?.removeItem(storageKey);
  } catch {
    // Nothing stored, nothing to remove.
  }
  emit();
}

/** A protected page left by signing out goes home, not to the sign-in step. */
export function wasSignedOutByPlayer(): boolean {
  return signedOutByPlayer;
}

/**
 * The player asked to sign out and the server has not answered yet: the session ending now is
 * their own doing (the realtime connection may hear of it before the sign-out call returns).
 */
export function beginSignOut(): void {
  if (currentToken !== null) signingOut = true;
}

export function isSigningOut(): boolean {
  return signingOut;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  // Signing in or out in another tab changes the session here too.
  window.addEventListener('storage', (event) => {
    if (event.key !== storageKey) return;
    currentToken = event.newValue;
    sessionGeneration += 1;
    emit();
  });
}

export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribe, getAuthToken, getAuthToken);
}

export function useIsSignedIn(): boolean {
  return useAuthToken() !== null;
}
