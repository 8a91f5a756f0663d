import { expect, test } from '../support/app.ts';
import { registerPlayer, signIn } from '../support/players.ts';

// The web-push prompt as the spec says (feature on, service worker and push supported,
// permission not granted, not subscribed, no refusal in 7 days), the subscription it sends, and
// the service worker showing a pushed message and opening its page. The message reaches the
// service worker through the DevTools protocol (ServiceWorker.deliverPushMessage), the way a push
// service would hand it over; no outside push service is involved.

const password = 'web push player 2026';

/**
 * Headless Chromium has no push service to register with (a real browser asks its vendor's), so
 * the browser's registration is stood in for: PushManager.subscribe answers a subscription with a
 * real P-256 key pair and auth secret made in the page and an https endpoint, as a browser would.
 * Everything after it is real: the service worker, the permission, the app's calls.
 */
function standInPushRegistration(target: string) {
  let subscription: unknown = null;
  const toBase64Url = (bytes: ArrayBuffer | Uint8Array) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  PushManager.prototype.subscribe = async function subscribe() {
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
      'deriveBits',
    ]);
    const p256dh = await crypto.subtle.exportKey('raw', pair.publicKey);
    const auth = crypto.getRandomValues(new Uint8Array(16));
    const json = {
      endpoint: target,
      expirationTime: null,
      keys: { p256dh: toBase64Url(p256dh), auth: toBase64Url(auth) },
    };
    subscription = {
      endpoint: target,
      expirationTime: null,
      toJSON: () => json,
      unsubscribe: async () => true,
    };
    return subscription as PushSubscription;
  };
  PushManager.prototype.getSubscription = async () => subscription as PushSubscription | null;
}

test('the prompt shows for a player who never answered it; dismissing it rests it for 7 days', async ({
  page,
  app,
}) => {
  const token = await registerPlayer(app, 'push-dismiss', password);
  await signIn(page, token);
  const prompt = page.getByTestId('web-push-prompt');
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  await expect(prompt.getByRole('heading', { name: 'Turn on notifications?' })).toBeVisible();
  const refusal = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/me/push_settings') &&
      response.request().method() === 'PATCH',
  );
  await prompt.getByRole('button', { name: 'Not now' }).first().click();
  expect((await refusal).status()).toBe(200);
  await expect(prompt).toBeHidden();
  const settings = await app.api<{ promptAllowed: boolean; promptRefusedAt: string | null }>(
    '/api/v1/me/push_settings',
    { token },
  );
  expect(settings.promptAllowed).toBe(false);
  expect(settings.promptRefusedAt).not.toBeNull();

  // on the next visit the prompt asks the server, hears of the refusal and stays away
  const asked = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/me/push_settings') && response.request().method() === 'GET',
    { timeout: 20_000 },
  );
  await page.reload();
  expect((await asked).status()).toBe(200);
  await expect(prompt).toBeHidden();
});

test('turning notifications on subscribes this browser; a pushed message is shown and its click opens its page', async ({
  page,
  context,
  app,
  baseURL,
}) => {
  const token = await registerPlayer(app, 'push-on', password);
  await page.addInitScript(standInPushRegistration, 'https://push.stand-in.test/send/e2e-device');
  await signIn(page, token);
  const prompt = page.getByTestId('web-push-prompt');
  await expect(prompt).toBeVisible({ timeout: 20_000 });

  // the player grants the permission the button asks for
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/me/push_subscription') &&
      response.request().method() === 'PATCH',
  );
  await prompt.getByRole('button', { name: 'Turn on' }).click();
  const response = await saved;
  expect(response.status(), await response.text()).toBe(200);
  const sent = JSON.parse((response.request().postDataJSON() as { token: string }).token) as {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  };
  expect(sent.endpoint).toMatch(/^https:\/\//);
  expect(sent.keys.p256dh).toMatch(/^[A-Za-z0-9_-]{87}$/);
  expect(sent.keys.auth).toMatch(/^[A-Za-z0-9_-]{22}$/);
  await expect(prompt).toBeHidden();
  const me = await app.api<{ isPushNotificationsActive: boolean }>('/api/v1/me', { token });
  expect(me.isPushNotificationsActive).toBe(true);

  // a push reaches the service worker through the DevTools protocol
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find(
        (registration) => registration.scopeURL === `${baseURL}/` && !registration.isDeleted,
      );
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registered;
  // a push is dispatched to the registration's active worker: one still installing or activating
  // drops it (seen in CI: delivered after `ready`, never shown)
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (!worker || worker.state === 'activated') return;
    await new Promise<void>((resolve) => {
      worker.addEventListener('statechange', () => {
        if (worker.state === 'activated') resolve();
      });
    });
  });
  const payload = {
    title: 'You won a prize!',
    body: 'Place 1 in “Weekly race”: 50.00 USD.',
    url: '/en/tournaments',
    tag: 'tournament-e2e',
    category: 'tournaments',
  };
  const deliver = () =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL as string,
      registrationId,
      data: JSON.stringify(payload),
    });
  // an async predicate's promise counts as an answer to waitForFunction: poll instead, until the
  // worker has shown the notification
  const shownNotifications = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const shown = await registration.getNotifications();
      return shown.map((notification) => ({
        title: notification.title,
        body: notification.body,
        tag: notification.tag,
        data: notification.data as { url: string },
      }));
    });
  // DevTools' delivery is a single attempt, where a push service would retry: delivered again
  // (the same tag replaces its notification) if the worker showed nothing within a few seconds
  await expect(async () => {
    await deliver();
    await expect.poll(shownNotifications, { timeout: 4_000 }).toEqual([
      {
        title: payload.title,
        body: payload.body,
        tag: payload.tag,
        data: { url: `${baseURL}/en/tournaments` },
      },
    ]);
  }).toPass({ timeout: 15_000 });

  // its click (the worker's notificationclick handler) brings this app's tab to the page
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker');
  await worker.evaluate(async () => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      openNotificationTarget: (notification: Notification) => Promise<unknown>;
    };
    const [notification] = await scope.registration.getNotifications();
    if (!notification) throw new Error('no notification');
    await scope.openNotificationTarget(notification);
  });
  await expect(page).toHaveURL(`${baseURL}/en/tournaments`);
});

test('a refused permission shows the info toast and rests the prompt', async ({ page, app }) => {
  const token = await registerPlayer(app, 'push-refused', password);
  await signIn(page, token);
  const prompt = page.getByTestId('web-push-prompt');
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  // no permission is granted: the browser's answer is a refusal
  await prompt.getByRole('button', { name: 'Turn on' }).click();
  const toast = page.getByText('Notifications are off');
  await expect(toast).toBeVisible();
  await expect(
    page.getByText('You can turn them on at any time in your browser settings.'),
  ).toBeVisible();
  await expect(prompt).toBeHidden();
  // the toast lasts 2.5 s (spec §9), far less than the default 10 s
  await expect(toast).toBeHidden({ timeout: 8_000 });
  await expect
    .poll(
      async () =>
        (await app.api<{ promptAllowed: boolean }>('/api/v1/me/push_settings', { token }))
          .promptAllowed,
    )
    .toBe(false);
});

test('the profile’s notifications: a category switched off stays off after a reload; this browser can be turned on there', async ({
  page,
  context,
  app,
  baseURL,
}) => {
  const token = await registerPlayer(app, 'push-categories', password);
  await page.addInitScript(standInPushRegistration, 'https://push.stand-in.test/send/e2e-profile');
  await signIn(page, token, '/en/profile');
  const section = page.getByTestId('push-settings');
  await expect(section.getByRole('heading', { name: 'Notifications' })).toBeVisible({
    timeout: 20_000,
  });
  const sportsbook = section.getByRole('switch', { name: 'Big sportsbook win' });
  await expect(sportsbook).toBeChecked();
  await expect(section.getByRole('switch', { name: 'Deposit credited' })).toBeChecked();

  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/me/push_settings') &&
      response.request().method() === 'PATCH',
  );
  await sportsbook.click();
  const response = await saved;
  expect(response.status(), await response.text()).toBe(200);
  expect(response.request().postDataJSON()).toEqual({ categories: { sportsbook: false } });
  await expect(sportsbook).not.toBeChecked();

  await page.reload();
  await expect(section.getByRole('switch', { name: 'Big sportsbook win' })).not.toBeChecked({
    timeout: 20_000,
  });
  await expect(section.getByRole('switch', { name: 'Deposit credited' })).toBeChecked();
  const settings = await app.api<{ categories: Record<string, boolean> }>(
    '/api/v1/me/push_settings',
    { token },
  );
  expect(settings.categories).toEqual({
    deposits: true,
    withdrawals: true,
    tournaments: true,
    bonuses: true,
    sportsbook: false,
  });

  // a refused change puts the switch back and shows the error
  await page.route('**/api/v1/me/push_settings', async (route) => {
    if (route.request().method() !== 'PATCH') return await route.fallback();
    await route.fulfill({
      status: 429,
      contentType: 'application/json',
      headers: { 'retry-after': '30' },
      body: JSON.stringify({
        detail: 'rate_limited',
        message: 'Too many requests.',
        payload: {},
        key: 'e2e-refused',
        time: new Date().toISOString(),
      }),
    });
  });
  const deposits = section.getByRole('switch', { name: 'Deposit credited' });
  await deposits.click();
  // the agreed error body's message and its reference (key and time)
  await expect(page.getByText(/e2e-refused/)).toBeVisible();
  await expect(deposits).toBeChecked();
  await page.unroute('**/api/v1/me/push_settings');

  // this browser: off, with the button that asks the permission and subscribes
  const device = page.getByTestId('push-device-state');
  await expect(device).toHaveAttribute('data-state', 'off');
  await expect(device).toContainText('Off for this device.');
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const subscribed = page.waitForResponse(
    (answer) =>
      answer.url().endsWith('/api/v1/me/push_subscription') &&
      answer.request().method() === 'PATCH',
  );
  await device.getByRole('button', { name: 'Turn on' }).click();
  expect((await subscribed).status()).toBe(200);
  await expect(device).toHaveAttribute('data-state', 'on');
  await expect(device).toContainText('On for this device.');
  const me = await app.api<{ isPushNotificationsActive: boolean }>('/api/v1/me', { token });
  expect(me.isPushNotificationsActive).toBe(true);
});
