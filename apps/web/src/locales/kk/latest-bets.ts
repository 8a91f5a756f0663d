import type { Translation } from '../translation';

export const latestBets: Translation['LatestBets'] = {
  title: 'Соңғы бәстер',
  live: 'Тікелей',
  empty: 'Әзірге бәстер жоқ',
  empty_text: 'Бәстер раунд аяқталған сәтте осында пайда болады.',
  game: 'Ойын',
  player: 'Ойыншы',
  bet: 'Бәс',
  multiplier: 'Көбейткіш',
  payout: 'Төлем',
};
