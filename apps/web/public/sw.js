/*
 * The player app's service worker: web push only (no caching, no offline mode). A push carries
 * {title, body, url, tag, category} (packages/contract/src/push.ts); it is shown as a
 * notification, and a click focuses a tab of this app already on that page, or navigates one of
 * its tabs there, or opens a new one.
 */
self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

function readPayload(event) {
  try {
    const data = event.data ? event.data.json() : null;
    if (data && typeof data.title === 'string') return data;
  } catch {
    // a message that is not ours: shown with the app's name only
  }
  return { title: self.registration.scope ? new URL(self.registration.scope).host : '', body: '' };
}

/** Only paths of this app are opened: a payload cannot send the player elsewhere. */
function targetUrl(path) {
  const url = new URL(
    typeof path === 'string' && path.startsWith('/') ? path : '/',
    self.location.origin,
  );
  return url.origin === self.location.origin ? url.href : self.location.origin;
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body ?? '',
      tag: payload.tag,
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      data: { url: targetUrl(payload.url) },
    }),
  );
});

/** What a click on a notification does (a named function: the browser test calls it too). */
self.openNotificationTarget = async (notification) => {
  notification.close();
  const url = notification.data?.url ?? self.location.origin;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((client) => client.url === url);
  if (same) return await same.focus();
  const ours = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (ours) {
    const focused = await ours.focus().catch(() => ours);
    return await focused.navigate(url);
  }
  return await self.clients.openWindow(url);
};

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(self.openNotificationTarget(event.notification));
});
