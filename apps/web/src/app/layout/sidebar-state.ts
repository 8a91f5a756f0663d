import { readCookie, serializeCookie } from '@/lib/cookies';

export const sidebarCookieName = 'sidebar_state';
export const sidebarCookieMaxAgeSeconds = 365 * 24 * 60 * 60;
/** Below this width the screen is laptop-size and the sidebar starts collapsed. */
export const laptopMaxWidthPx = 1280;

/** The saved choice wins; without one the sidebar is open unless the screen is laptop-size. */
export function initialSidebarOpen(cookieString: string, viewportWidth: number): boolean {
  const saved = readCookie(cookieString, sidebarCookieName);
  if (saved === 'true') return true;
  if (saved === 'false') return false;
  return viewportWidth >= laptopMaxWidthPx;
}

export function sidebarCookie(open: boolean): string {
  return serializeCookie(sidebarCookieName, String(open), {
    maxAgeSeconds: sidebarCookieMaxAgeSeconds,
    path: '/',
  });
}

/** Ctrl+B on Windows and Linux, Cmd+B on macOS. */
export function isSidebarShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
): boolean {
  return (
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey &&
    event.key.toLowerCase() === 'b'
  );
}
