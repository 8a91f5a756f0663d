import type { Translation } from '../translation';

export const latestBets: Translation['LatestBets'] = {
  title: 'Taruhan terbaru',
  live: 'Live',
  empty: 'Belum ada taruhan',
  empty_text: 'Taruhan muncul di sini begitu ronde selesai.',
  game: 'Game',
  player: 'Pemain',
  bet: 'Taruhan',
  multiplier: 'Pengali',
  payout: 'Pembayaran',
};
