import type { Translation } from '../translation';

export const latestBets: Translation['LatestBets'] = {
  title: 'Ostatnie zakłady',
  live: 'Na żywo',
  empty: 'Brak zakładów',
  empty_text: 'Zakłady pojawiają się tutaj zaraz po rozliczeniu rundy.',
  game: 'Gra',
  player: 'Gracz',
  bet: 'Stawka',
  multiplier: 'Mnożnik',
  payout: 'Wygrana',
};
