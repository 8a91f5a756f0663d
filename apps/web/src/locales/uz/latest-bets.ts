import type { Translation } from '../translation';

export const latestBets: Translation['LatestBets'] = {
  title: 'Soʻnggi tikishlar',
  live: 'Jonli',
  empty: 'Hozircha tikishlar yoʻq',
  empty_text: 'Raund yakunlanishi bilan tikishlar shu yerda paydo boʻladi.',
  game: 'Oʻyin',
  player: 'Oʻyinchi',
  bet: 'Tikish',
  multiplier: 'Koeffitsiyent',
  payout: 'Yutuq',
};
