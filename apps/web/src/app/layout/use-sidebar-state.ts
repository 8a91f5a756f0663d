import { useCallback, useEffect, useRef, useState } from 'react';
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

  useEffect(() => {
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
