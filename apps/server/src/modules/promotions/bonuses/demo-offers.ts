/**
 * The demo bonus offers, as data: the seeding inserts them and the demo banners word their copy
 * from them, so a banner never promises a bonus the offers do not give.
 */

export interface DemoWelcomeStep {
  /** the deposit it rewards, 1 … 4 */
  step: number;
  /** percent of the deposit granted */
  percent: number;
  /** cap of the bonus, in whole US dollars */
  upToUsd: number;
  freespins: number;
  title: { en: string; ru: string };
}

export const demoWelcomeSteps: readonly DemoWelcomeStep[] = [
  {
    step: 1,
    percent: 100,
    upToUsd: 500,
    freespins: 50,
    title: { en: 'Welcome bonus: first deposit', ru: 'Приветственный бонус: первый депозит' },
  },
  {
    step: 2,
    percent: 75,
    upToUsd: 300,
    freespins: 0,
    title: { en: 'Welcome bonus: second deposit', ru: 'Приветственный бонус: второй депозит' },
  },
  {
    step: 3,
    percent: 50,
    upToUsd: 300,
    freespins: 0,
    title: { en: 'Welcome bonus: third deposit', ru: 'Приветственный бонус: третий депозит' },
  },
  {
    step: 4,
    percent: 50,
    upToUsd: 500,
    freespins: 100,
    title: { en: 'Welcome bonus: fourth deposit', ru: 'Приветственный бонус: четвёртый депозит' },
  },
];

/** The everyday bonus: this percent on one deposit a day, from the fourth deposit on. */
export const demoEverydayPercent = 5;

/** The deposit bonus by crypto currency (and network, where it matters). */
export const demoCryptoDepositBonuses: ReadonlyArray<{
  code: string;
  network: string | null;
  percent: number;
}> = [
  { code: 'USDT', network: 'TRC20', percent: 5 },
  { code: 'TON', network: null, percent: 10 },
];
