import { demo, expect, test, uniqueEmail } from '../support/app.ts';

test('a new player signs up from the page they are on and lands back there, signed in', async ({
  page,
}) => {
  await page.goto('/en/sportsbook');
  await expect(page.getByTestId('splash')).toBeHidden();
  await page.getByRole('button', { name: 'Register' }).click();

  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail').fill(uniqueEmail('signup'));
  await dialog.getByLabel('Password').fill('short');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(dialog.getByText(/at least 8 characters/i)).toBeVisible();

  await dialog.getByLabel('Password').fill('a-long-enough-password');
  await dialog.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveURL(/\/en\/sportsbook$/);
  await expect(page.getByTestId('header-avatar')).toBeVisible();
  await expect(page.getByTestId('header-balance-slot')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toHaveCount(0);

  // the session survives a reload
  await page.reload();
  await expect(page.getByTestId('header-avatar')).toBeVisible();
});

test('a guest opening /bonuses gets the sign-in step and resumes there after login', async ({
  page,
}) => {
  await page.goto('/en/bonuses');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/redirect_path=/);

  await dialog.getByLabel('E-mail').fill(demo.player.email);
  await dialog.getByLabel('Password').fill('wrong-password-123');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog.getByText(/wrong e-mail or password/i)).toBeVisible();

  await dialog.getByLabel('Password').fill(demo.player.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/en\/bonuses$/);
  await expect(page.getByTestId('header-avatar')).toBeVisible();
});

test('a signed-in player fills in personal data on the profile page and signs out', async ({
  page,
  app,
}) => {
  const email = uniqueEmail('profile');
  const { token } = await app.api<{ token: string }>('/api/v1/auth/register', {
    body: { email, password: 'profile-password-1' },
  });
  await page.goto('/en/');
  await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
  await page.goto('/en/profile');

  await expect(page.getByTestId('header-avatar-dot')).toBeVisible();
  await page.getByLabel('First name').fill('Maria');
  await page.getByLabel('Last name').fill('Ivanova');
  await page.getByLabel('Date of birth').fill('1990-05-17');
  await page.getByLabel('Gender').click();
  await page.getByRole('option', { name: 'Female' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Personal data saved')).toBeVisible();

  const me = await app.api<{ firstName: string; isNameChangeAvailable: boolean }>('/api/v1/me', {
    token,
  });
  expect(me.firstName).toBe('Maria');
  expect(me.isNameChangeAvailable).toBe(false);
  await expect(page.getByTestId('header-avatar-dot')).toHaveCount(0);

  await page.getByTestId('profile-signout').click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('on a phone the profile fits the screen, a long e-mail included', async ({ page, app }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const email = uniqueEmail('a-rather-long-address-for-a-phone-screen');
  const { token } = await app.api<{ token: string }>('/api/v1/auth/register', {
    body: { email, password: 'profile-password-1' },
  });
  await page.goto('/en/');
  await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
  await page.goto('/en/profile');
  await expect(page.getByTestId('responsible-gambling')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
