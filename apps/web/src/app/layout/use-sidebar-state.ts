import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { viewportWidth } from '@/hooks/use-viewport-width';
import { initialSidebarOpen, isSidebarShortcut, sidebarCookie } from './sidebar-state';

/** Expanded or collapsed, restored from the `sidebar_state` cookie, toggled by Ctrl/Cmd+B. */
export function useSidebarState() {
  const [open, setOpen] = useState(() => initialSidebarOpen(document.cookie, viewportWidth()));
  const openRef = useRef(open);
  openRef.current = open;

  const update = useCallback((next: boolean) => {
    setOpen(next);
    // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps this choice in a cookie
    document.cookie = sidebarCookie(next);
  }, []);

  const toggle = useCallback(() => update(!openRef.current), [update]);

  // Listening from the commit that draws the sidebar (a layout effect), not from the passive
  // effects after it: the shell mounts in a transition, whose passive effects can run a while
  // after its first paint, and a shortcut pressed in between was lost.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  return { open, setOpen: update, toggle };
}
