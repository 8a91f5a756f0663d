export const latestBets = {
  title: 'Latest bets',
  live: 'Live',
  empty: 'No bets yet',
  empty_text: 'Bets appear here the moment a round is settled.',
  game: 'Game',
  player: 'Player',
  bet: 'Bet',
  multiplier: 'Multiplier',
  payout: 'Payout',
};
