import { expect, type RunningApp, test } from '../support/app.ts';
import { registerPlayer, signIn } from '../support/players.ts';

interface OperatorPrize {
  amountUsd: string;
  balanceType: 'main' | 'other';
  offerId?: string | null;
  weight: number;
  promoCode: string | null;
}

/** Five main prizes of different amounts and chances: the spin's outcome is not known ahead. */
const prizeTable: OperatorPrize[] = [
  { amountUsd: '0.5', weight: 5 },
  { amountUsd: '1', weight: 4 },
  { amountUsd: '2', weight: 3 },
  { amountUsd: '3', weight: 2 },
  { amountUsd: '5', weight: 1 },
].map((prize) => ({ ...prize, balanceType: 'main', promoCode: null }));

/** Puts this test's prize table in place; gives back what restores the operator's table. */
async function usePrizeTable(app: RunningApp): Promise<() => Promise<void>> {
  const token = await app.operatorToken();
  const before = await app.api<{ items: OperatorPrize[] }>('/api/backoffice/v1/wheel/prizes', {
    token,
  });
  await app.api('/api/backoffice/v1/wheel/prizes', {
    method: 'PUT',
    body: { items: prizeTable },
    token,
  });
  return async () => {
    await app.api('/api/backoffice/v1/wheel/prizes', {
      method: 'PUT',
      body: {
        items: before.items.map(({ amountUsd, balanceType, weight, promoCode }) => ({
          amountUsd,
          balanceType,
          weight,
          promoCode,
        })),
      },
      token,
    });
  };
}

test('a player spins, opens the spin in the verifier, rotates the seed pair and sees the same prize verified', async ({
  page,
  app,
}) => {
  // the spin shows its prize at once under the runs' reduced motion (wheel-promo.spec.ts spins
  // with the motion), but the test walks through the wheel, the verifier and a seed rotation
  test.setTimeout(120_000);
  const restore = await usePrizeTable(app);
  try {
    const token = await registerPlayer(app, 'wheel-verify', 'wheel-password-1');
    await signIn(page, token);

    await page.getByTestId('header-wheel').click();
    const modal = page.getByTestId('wheel-modal');
    await modal.getByTestId('wheel-spin').click();
    const result = modal.getByTestId('wheel-result');
    await expect(result).toBeVisible({ timeout: 15_000 });
    const amount = await result.getByTestId('wheel-result-amount').textContent();
    expect(amount).toMatch(/^\$\d+\.\d\d$/);

    await result.getByTestId('wheel-result-verify').click();
    await expect(page).toHaveURL(/\/en\/fairness\?spin=[0-9a-f-]{36}$/);
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('fairness-mode-wheel')).toHaveAttribute('aria-current', 'page');

    // the seed pair is still in use: its server seed is not shown, only its hash
    const hidden = page.getByTestId('wheel-verify-seed-hidden');
    await expect(hidden).toBeVisible();
    await expect(page.getByTestId('wheel-verify-server-seed')).toHaveValue('');
    await expect(page.getByTestId('wheel-verify-hash')).toHaveValue(/^[0-9a-f]{64}$/);
    await expect(page.getByTestId('wheel-verify-weights')).toHaveValue('5, 4, 3, 2, 1');
    await expect(page.getByTestId('wheel-verify-result')).toContainText(
      'Enter the revealed server seed',
    );
    // the odds of the wheel now: weight / 15
    const odds = page.getByTestId('wheel-odds-prize');
    await expect(odds).toHaveCount(5);
    await expect(odds.first()).toContainText('33.33%');
    await expect(odds.last()).toContainText('6.667%');

    await hidden.getByTestId('wheel-verify-rotate').click();
    await expect(hidden).toBeHidden();
    await expect(page.getByTestId('wheel-verify-server-seed')).toHaveValue(/^[0-9a-f]{64}$/);
    const verified = page.getByTestId('wheel-verify-result');
    await expect(verified.getByTestId('wheel-verify-hash-check')).toHaveAttribute(
      'data-ok',
      'true',
    );
    await expect(verified.getByTestId('wheel-verify-spin-check')).toHaveAttribute(
      'data-ok',
      'true',
    );
    await expect(verified.getByTestId('wheel-verify-prize')).toHaveText(amount ?? '');
    await expect(verified.getByTestId('wheel-verify-winner')).toHaveCount(1);

    // other weights are another wheel: the spin is not confirmed by them
    const weights = page.getByTestId('wheel-verify-weights');
    await weights.fill('1, 1, 1, 1, 1, 1');
    await expect(verified.getByTestId('wheel-verify-spin-check')).toHaveAttribute(
      'data-ok',
      'false',
    );
    await weights.fill('5, 4, 3, 2, 1');
    await expect(verified.getByTestId('wheel-verify-spin-check')).toHaveAttribute(
      'data-ok',
      'true',
    );
    // a server seed that is not the committed one is told apart
    await page.getByTestId('wheel-verify-server-seed').fill('0'.repeat(64));
    await expect(verified.getByTestId('wheel-verify-hash-check')).toHaveAttribute(
      'data-ok',
      'false',
    );

    // the spin is in the player's list, and picking "by hand" empties the form
    const picker = page.getByTestId('wheel-verify-spins');
    await expect(picker.locator('option')).toHaveCount(2);
    await picker.selectOption('');
    await expect(page).toHaveURL(/\/en\/fairness\?mode=wheel$/);
    await expect(page.getByTestId('wheel-verify-weights')).toHaveValue('');
  } finally {
    await restore();
  }
});
