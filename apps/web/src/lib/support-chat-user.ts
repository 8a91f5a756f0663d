/**
 * Who the support chat widget should know the viewer as: the signed-in player's
 * `supportChatUser` (set by the app shell from the profile), or null for a guest. Kept apart from
 * the widget's loader so the first page load carries only this.
 */
export interface SupportChatUser {
  identifier: string;
  display_name: string;
  identifier_hash: string | null;
}

let current: SupportChatUser | null = null;
const listeners = new Set<(user: SupportChatUser | null) => void>();

export function getSupportChatUser(): SupportChatUser | null {
  return current;
}

export function setSupportChatUser(user: SupportChatUser | null): void {
  if (
    current?.identifier === user?.identifier &&
    current?.identifier_hash === user?.identifier_hash
  ) {
    current = user;
    return;
  }
  current = user;
  for (const listener of listeners) listener(user);
}

/** Calls `listener` whenever the viewer changes (sign-in, sign-out); returns the unsubscribe. */
export function onSupportChatUserChange(
  listener: (user: SupportChatUser | null) => void,
): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
