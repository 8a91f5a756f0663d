import { TOTP } from 'otpauth';
import { demo, expect, test, uniqueEmail } from '../support/app.ts';
import { createOperator, signInOperator } from '../support/backoffice.ts';

test('the demo admin signs in to the back office and lands on the dashboard', async ({ page }) => {
  await signInOperator(page);
  await expect(page).toHaveURL(/\/backoffice\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('queue-depositsAwaitingApproval')).toBeVisible();
  // a deep link survives a reload (the server answers the app for every /backoffice path)
  await page.goto('/backoffice/account');
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
});

test('a wrong password is refused with the server’s message', async ({ page }) => {
  await page.goto('/backoffice/login');
  await page.getByLabel('E-mail').fill(demo.operator.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(/invalid|incorrect/i)).toBeVisible();
  await expect(page).toHaveURL(/\/backoffice\/login$/);
});

test('an operator enrols in two-factor sign-in with the QR code, then signs in on another device with a recovery code and revokes that session', async ({
  page,
  browser,
  app,
}) => {
  const operator = await createOperator(app, ['support']);
  await signInOperator(page, operator);
  await page.goto('/backoffice/account');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByAltText('QR code for your authenticator app')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  const totp = new TOTP({ secret, digits: 6, period: 30 });
  await page.getByLabel('The 6-digit code your app shows').fill(totp.generate());
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  const recoveryCode =
    (await page.getByTestId('recovery-codes').locator('li').first().textContent()) ?? '';
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Every sign-in asks for a code')).toBeVisible();

  // a second device: password, then a recovery code (a TOTP code of this period was just used)
  const other = await browser.newContext({ baseURL: app.baseUrl });
  const second = await other.newPage();
  await second.goto('/backoffice/login');
  await second.getByLabel('E-mail').fill(operator.email);
  await second.getByLabel('Password').fill(operator.password);
  await second.getByRole('button', { name: 'Sign in' }).click();
  await second.getByLabel('Authentication code').fill(recoveryCode);
  await second.getByRole('button', { name: 'Verify' }).click();
  await expect(second.getByTestId('operator-email')).toHaveText(operator.email);

  // the first device sees both sessions and signs the other one out
  await page.reload();
  const sessions = page.getByRole('listitem').filter({ hasText: 'signed in' });
  await expect(sessions).toHaveCount(2);
  await sessions
    .filter({ has: page.getByRole('button', { name: 'Sign out' }) })
    .getByRole('button')
    .click();
  await expect(sessions).toHaveCount(1);
  await second.goto('/backoffice/account');
  await expect(second).toHaveURL(/\/backoffice\/login$/);
  await other.close();
});

test('an operator resolves a responsible-gambling flag from the queue, with a note', async ({
  page,
  app,
}) => {
  // three raises or removals of the player's own limits within 30 days raise the flag
  const email = uniqueEmail('rg-flag');
  const { token } = await app.api<{ token: string }>('/api/v1/auth/register', {
    body: { email, password: 'Rg-flag-e2e-2026!' },
  });
  for (const [limit, amount] of [
    ['wager/day', '10'],
    ['wager/day', '20'],
    ['deposit/week', '100'],
    ['deposit/week', null],
    ['wager/day', '30'],
  ] as const) {
    await app.api(`/api/v1/me/limits/${limit}`, { method: 'PUT', token, body: { amount } });
  }
  await signInOperator(page);
  await page.getByRole('link', { name: 'RG flags' }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Many limit increases');
  await expect(row).toContainText('3 increases in 30 days');
  await row.getByRole('button', { name: 'Resolve' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/What was done/).fill('Called the player: affordability checked');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(dialog).toBeHidden();
  // the open queue no longer lists it; the resolved ones do, with the note and who resolved it
  await expect(row).toHaveCount(0);
  await page.getByLabel('Status').selectOption('resolved');
  await expect(row).toContainText('Called the player: affordability checked');
  await expect(row).toContainText(demo.operator.email);
});

test('an admin connects a game aggregator and adds one of its games to the catalog', async ({
  page,
}) => {
  const suffix = Date.now().toString(36);
  const providerId = `agg-${suffix}`;
  await signInOperator(page);
  await page.goto('/backoffice/catalog/providers');
  await page.getByRole('button', { name: 'Connect aggregator' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Provider id').fill(providerId);
  await dialog.getByLabel('Name').fill(`Aggregator ${suffix}`);
  await dialog.getByLabel('Signature scheme').selectOption('hmac_sha256');
  // the contract's rule is checked before anything is sent
  await dialog.getByLabel('Shared secret').fill('too-short');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog.getByText('Invalid value')).toBeVisible();
  await dialog.getByLabel('Shared secret').fill('a-shared-secret-of-at-least-32-characters');
  await dialog.getByLabel('Currencies').fill('USD, EUR');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog).toBeHidden();
  // the new provider is selected: its wallet path and our public key are there for its team
  await expect(page.getByText(`/api/seamless/${providerId}`).first()).toBeVisible();

  await page.getByRole('button', { name: 'Add game' }).click();
  const gameDialog = page.getByRole('dialog');
  await gameDialog.getByLabel('Catalog id').fill(`${providerId}-rocket`);
  await gameDialog.getByLabel('Provider’s game code').fill('rocket-42');
  await gameDialog.getByLabel('Title').fill(`Rocket ${suffix}`);
  await gameDialog.getByLabel('Launch URL').fill('https://games.example.com/launch/rocket');
  await gameDialog.getByLabel('Image URL or path').fill('/games/rocket.webp');
  await gameDialog.getByRole('button', { name: 'Add game' }).click();
  await expect(gameDialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: `Rocket ${suffix}` })).toContainText(
    'rocket-42',
  );

  // the catalog lists it among every game
  await page.getByRole('link', { name: 'Games', exact: true }).click();
  await page.getByLabel('Search').fill(`Rocket ${suffix}`);
  await page.getByLabel('Search').press('Enter');
  await expect(page.getByRole('row').filter({ hasText: `Rocket ${suffix}` })).toBeVisible();
});
