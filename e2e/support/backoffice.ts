import type { OperatorRole } from '@casino/contract';
import { expect, type Page } from '@playwright/test';
import { demo, type RunningApp, uniqueEmail } from './app.ts';

export interface OperatorCredentials {
  email: string;
  password: string;
}

/** A new operator with these roles, made by the demo admin through the API. */
export async function createOperator(
  app: RunningApp,
  roles: OperatorRole[],
): Promise<OperatorCredentials & { id: string }> {
  const credentials = { email: uniqueEmail('operator'), password: 'Operator-e2e-2026!' };
  const created = await app.api<{ id: string }>('/api/backoffice/v1/operators', {
    token: await app.operatorToken(),
    body: { ...credentials, roles },
  });
  return { ...credentials, id: created.id };
}

/**
 * Signs in at /backoffice/login as an operator without two-factor (the demo admin by default)
 * and waits for the signed-in layout.
 */
export async function signInOperator(
  page: Page,
  credentials: OperatorCredentials = demo.operator,
): Promise<void> {
  await page.goto('/backoffice/login');
  await page.getByLabel('E-mail').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('operator-email')).toHaveText(credentials.email);
}
