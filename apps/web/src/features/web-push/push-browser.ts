/** The service worker's path (apps/web/public/sw.js), registered at the site's root scope. */
export const serviceWorkerPath = '/sw.js';

/** Spec §4: the browser supports service workers and push (and notifications to show them). */
export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The base64url VAPID key as the bytes `applicationServerKey` takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export async function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(serviceWorkerPath, { scope: '/' });
  return await navigator.serviceWorker.ready;
}

/**
 * Asks the browser's permission (the click is the user gesture it needs) and subscribes with
 * the server's key; throws when refused or when the browser's push service fails.
 */
export async function subscribeBrowser(
  registration: ServiceWorkerRegistration,
  vapidPublicKey: string,
): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error(`notification permission ${permission}`);
  // a browser whose push service cannot be reached may never answer: a refusal after a while
  let timer = 0;
  const timeout = new Promise<never>((_, reject) => {
    timer = window.setTimeout(
      () => reject(new Error('push subscription timed out')),
      subscribeTimeoutMs,
    );
  });
  try {
    return await Promise.race([
      registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: applicationServerKey(vapidPublicKey),
      }),
      timeout,
    ]);
  } finally {
    window.clearTimeout(timer);
  }
}

const subscribeTimeoutMs = 20_000;
