import type { Translation } from '../translation';

export const latestBets: Translation['LatestBets'] = {
  title: 'Останні ставки',
  live: 'Наживо',
  empty: 'Ставок поки немає',
  empty_text: 'Ставки з’являються тут одразу після завершення раунду.',
  game: 'Гра',
  player: 'Гравець',
  bet: 'Ставка',
  multiplier: 'Множник',
  payout: 'Виплата',
};
