import { formatMinorToDecimal, formatMoney, type ReportSummary } from '@casino/contract';
import { expect, test } from '../support/app.ts';
import { createOperator, signInOperator } from '../support/backoffice.ts';
import {
  declineWelcomeBonus,
  depositByCard,
  postWithKey,
  registerPlayer,
} from '../support/players.ts';

/** The start of today (UTC), the dashboard's "today". */
function todayUtc(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

test('the dashboard’s figures of today equal reports/summary and a sum over the ledger’s postings', async ({
  page,
  app,
}) => {
  // a player deposits and plays through the API
  const token = await registerPlayer(app, 'dashboard', 'dashboard-player-2026');
  await declineWelcomeBonus(app, token);
  await depositByCard(app, token, '50');
  for (let round = 0; round < 3; round += 1) {
    await postWithKey(app, '/api/v2/games/pulsar-dice/rounds', token, {
      bet: '2.00',
      params: { target: 50, direction: 'over' },
    });
  }

  // the ledger, summed independently: the players' side of today's USD postings
  const [sums] = await app.sql<{ deposits: string; bets: string; wins: string }>(
    `SELECT
       coalesce(sum(p.amount_minor) FILTER (WHERE t.type = 'deposit'), 0)::text AS deposits,
       coalesce(-sum(p.amount_minor) FILTER (WHERE t.type IN ('bet', 'sport_stake', 'provider_bet', 'sport_refund', 'provider_rollback')), 0)::text AS bets,
       coalesce(sum(p.amount_minor) FILTER (WHERE t.type IN ('win', 'sport_win', 'sport_cashout', 'provider_win', 'sport_unsettle')), 0)::text AS wins
     FROM ledger_transactions t
     JOIN ledger_postings p ON p.transaction_id = t.id
     JOIN ledger_accounts a ON a.id = p.account_id
     WHERE a.owner_type = 'player' AND p.currency = 'USD' AND t.created_at >= $1`,
    [todayUtc()],
  );
  if (!sums) throw new Error('no sums');
  const usd = (minor: string) => formatMinorToDecimal(BigInt(minor), 2);
  const ledger = {
    deposits: usd(sums.deposits),
    bets: usd(sums.bets),
    ggr: usd((BigInt(sums.bets) - BigInt(sums.wins)).toString()),
  };
  expect(Number(ledger.deposits)).toBeGreaterThanOrEqual(50);
  expect(Number(ledger.bets)).toBeGreaterThanOrEqual(6);

  const summary = await app.api<ReportSummary>(
    `/api/backoffice/v1/reports/summary?from=${encodeURIComponent(todayUtc().toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}&currency=USD`,
    { token: await app.operatorToken() },
  );
  expect({ deposits: summary.deposits, bets: summary.bets, ggr: summary.ggr }).toEqual(ledger);

  await signInOperator(page);
  await expect(page).toHaveURL(/\/backoffice\/dashboard$/);
  const today = page.getByTestId('period-today');
  await expect(today.getByTestId('figure-deposits')).toContainText(
    formatMoney(ledger.deposits, 'USD'),
  );
  await expect(today.getByTestId('figure-bets')).toContainText(formatMoney(ledger.bets, 'USD'));
  await expect(today.getByTestId('figure-ggr')).toContainText(formatMoney(ledger.ggr, 'USD'));
  await expect(today.getByTestId('figure-betCount')).toContainText(String(summary.betCount));

  // another currency: nothing was posted in EUR today
  await page.getByLabel('Currency').selectOption('EUR');
  await expect(page.getByTestId('period-today').getByTestId('figure-bets')).toContainText('0.00');
});

test('an admin creates a read-only operator, who sees no Settings or Operators and no action buttons; the audit log lists the creation', async ({
  page,
  browser,
  app,
}) => {
  await signInOperator(page);
  await page.getByRole('link', { name: 'Operators' }).click();
  await expect(page.getByRole('heading', { name: 'Operators' })).toBeVisible();
  await page.getByRole('button', { name: 'New operator' }).click();
  const email = `auditor-${Date.now().toString(36)}@example.com`;
  const password = 'Auditor-e2e-2026!';
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByLabel('Support').uncheck();
  await dialog.getByLabel('Read-only').check();
  await dialog.getByRole('button', { name: 'Create operator' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Read-only');

  // the audit log names the creation, its operator and target
  await page.getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Action').selectOption('operator.create');
  const entry = page.getByRole('row').filter({ hasText: email });
  await expect(entry).toContainText('operator.create');
  await expect(entry).toContainText('admin@casino.local');

  // the read-only operator, in another browser
  const context = await browser.newContext({ baseURL: app.baseUrl });
  const auditor = await context.newPage();
  await signInOperator(auditor, { email, password });
  const nav = auditor.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: 'Audit log' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Operators' })).toHaveCount(0);
  // a direct address says the roles do not open it, with nothing to act on
  await auditor.goto('/backoffice/operators');
  await expect(auditor.getByText('Your roles do not include this screen.')).toBeVisible();
  await expect(auditor.getByRole('button', { name: 'New operator' })).toHaveCount(0);
  await auditor.goto('/backoffice/audit');
  await expect(auditor.getByRole('row').filter({ hasText: email }).first()).toBeVisible();
  await expect(auditor.getByRole('button', { name: /Save|Create|Disable|Edit/ })).toHaveCount(0);
  await context.close();
});

test('an operator’s time zone changes how every date is shown', async ({ page, app }) => {
  const operator = await createOperator(app, ['read_only']);
  const { items } = await app.api<{ items: { createdAt: string; targetId: string }[] }>(
    `/api/backoffice/v1/audit?targetId=${operator.id}`,
    { token: await app.operatorToken() },
  );
  const created = items[0]?.createdAt ?? '';
  const shown = (timeZone: string) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(created));
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInOperator(page, operator);
  await page.goto('/backoffice/audit');
  await page.getByLabel('Target (player globalId, id…)').fill(operator.id);
  await page.getByLabel('Target (player globalId, id…)').press('Enter');
  const row = page.getByRole('row').filter({ hasText: 'operator.create' });
  const zone = page.getByLabel('Time zone');
  await zone.selectOption('Asia/Tokyo');
  await expect(page.getByText('Days are those of Asia/Tokyo.')).toBeVisible();
  await expect(row).toContainText(shown('Asia/Tokyo'));
  await zone.selectOption('America/New_York');
  await expect(row).toContainText(shown('America/New_York'));
  expect(shown('Asia/Tokyo')).not.toBe(shown('America/New_York'));
  // kept on the server: a reload shows the same zone
  await page.reload();
  await expect(page.getByLabel('Time zone')).toHaveValue('America/New_York');
  await expect(row).toContainText(shown('America/New_York'));
});
