import type { Translation } from '../translation';

export const latestBets: Translation['LatestBets'] = {
  title: 'Последние ставки',
  live: 'Онлайн',
  empty: 'Ставок пока нет',
  empty_text: 'Ставки появляются здесь сразу после завершения раунда.',
  game: 'Игра',
  player: 'Игрок',
  bet: 'Ставка',
  multiplier: 'Множитель',
  payout: 'Выплата',
};
