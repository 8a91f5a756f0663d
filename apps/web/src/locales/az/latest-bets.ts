import type { Translation } from '../translation';

export const latestBets: Translation['LatestBets'] = {
  title: 'Son mərclər',
  live: 'Canlı',
  empty: 'Hələ mərc yoxdur',
  empty_text: 'Raund başa çatan kimi mərclər burada görünür.',
  game: 'Oyun',
  player: 'Oyunçu',
  bet: 'Mərc',
  multiplier: 'Əmsal',
  payout: 'Uduş',
};
