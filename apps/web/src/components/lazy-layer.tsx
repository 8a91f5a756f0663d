import { type ReactNode, Suspense, useState } from 'react';
import { withLaterTexts } from '@/lib/lazy';

/**
 * True from the first time `open` is: a dialog whose code is fetched when it is first opened
 * stays mounted afterwards, so it closes with its animation and reopens at once, like one that
 * was always there.
 */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** A dialog's chunk on its way: the dimmed backdrop and a spinner where it will open. */
function DialogPlaceholder() {
  return (
    <div
      role="status"
      aria-busy="true"
      className="fixed inset-0 z-50 grid animate-fade-in place-items-center bg-ink-950/85"
    >
      <span className="size-8 animate-spin rounded-full border-2 border-ink-600 border-t-brand-500" />
    </div>
  );
}

/**
 * Renders a lazily loaded layer (a dialog, a drawer) from the first time it is opened on; before
 * that its code is not fetched. While the code is on its way an open layer shows the placeholder.
 */
export function LazyLayer({ open, children }: { open: boolean; children: ReactNode }) {
  const opened = useOpenedOnce(open);
  if (!opened) return null;
  return <Suspense fallback={open ? <DialogPlaceholder /> : null}>{children}</Suspense>;
}

/**
 * Starts fetching a layer's code, and the later part of the language's texts it shows, on a sign
 * of intent (a hover, a focus, a touch).
 */
export function preload(load: () => Promise<unknown>): () => void {
  return () => void withLaterTexts(load()).catch(() => undefined);
}
