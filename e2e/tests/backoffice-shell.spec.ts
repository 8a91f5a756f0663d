import { TOTP } from 'otpauth';
import { demo, expect, test } from '../support/app.ts';
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
