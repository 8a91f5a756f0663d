import { type ComponentProps, type ReactNode, useEffect, useState } from 'react';
import type { ExternalToast, toast as sonnerToast } from 'sonner';
import { whenIdle } from './after-load';

/*
 * The app's toasts, through `sonner` loaded on demand: a guest's first paint shows none, so the
 * library (about 10 kB gzip) is not on the first load (issue 21). `toast` takes the calls the app
 * makes, holds them until the library is here and hands them on in order; `LazyToaster` renders
 * sonner's `Toaster` once loaded. The library is fetched at the first toast, or when the browser
 * is idle after the first paint, whichever comes first. Sonner shows toasts created before its
 * `Toaster` subscribed, so nothing said early is lost.
 */

type Sonner = typeof import('sonner');
type Kind = 'success' | 'info' | 'warning' | 'error';
type Call =
  | { kind: Kind; message: ReactNode; options?: ExternalToast }
  | { kind: 'dismiss'; id?: string | number };

let loaded: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
let queue: Call[] = [];
const whenLoaded = new Set<(sonner: Sonner) => void>();

function loadSonner(): void {
  loading ??= import('sonner').then(
    (module) => {
      loaded = module;
      const calls = queue;
      queue = [];
      for (const call of calls) forward(module.toast, call);
      for (const listener of whenLoaded) listener(module);
      return module;
    },
    (error: unknown) => {
      // offline before the library came: the next toast, or the next idle time, tries again
      loading = null;
      throw error;
    },
  );
  loading.catch(() => undefined);
}

function forward(sonner: typeof sonnerToast, call: Call): void {
  if (call.kind === 'dismiss') sonner.dismiss(call.id);
  else sonner[call.kind](call.message, call.options);
}

function send(call: Call): void {
  if (loaded) {
    forward(loaded.toast, call);
    return;
  }
  if (call.kind === 'dismiss') {
    // nothing is shown yet: a dismissed toast still waiting is never shown
    queue =
      call.id === undefined
        ? []
        : queue.filter((queued) => queued.kind === 'dismiss' || queued.options?.id !== call.id);
    return;
  }
  queue.push(call);
  loadSonner();
}

/** sonner's `toast` for the kinds the app uses: the same arguments, shown once it has loaded. */
export const toast = {
  success: (message: ReactNode, options?: ExternalToast) =>
    send({ kind: 'success', message, options }),
  info: (message: ReactNode, options?: ExternalToast) => send({ kind: 'info', message, options }),
  warning: (message: ReactNode, options?: ExternalToast) =>
    send({ kind: 'warning', message, options }),
  error: (message: ReactNode, options?: ExternalToast) => send({ kind: 'error', message, options }),
  /** one toast by its id, or every toast */
  dismiss: (id?: string | number) => send({ kind: 'dismiss', id }),
};

/** sonner's `Toaster`, rendered once the library is here (at the first toast or when idle). */
export function LazyToaster(props: ComponentProps<Sonner['Toaster']>) {
  const [sonner, setSonner] = useState<Sonner | null>(loaded);
  useEffect(() => {
    if (loaded) {
      setSonner(loaded);
      return;
    }
    whenLoaded.add(setSonner);
    // unless a toast asks for it first, it is fetched once the page has settled
    const idle = whenIdle(loadSonner, { timeoutMs: 5_000, fallbackMs: 2_000 });
    return () => {
      whenLoaded.delete(setSonner);
      idle();
    };
  }, []);
  return sonner ? <sonner.Toaster {...props} /> : null;
}
