import type { Translation } from '../translation';

export const latestBets: Translation['LatestBets'] = {
  title: 'ताज़ा दांव',
  live: 'लाइव',
  empty: 'अभी कोई दांव नहीं',
  empty_text: 'राउंड का नतीजा आते ही दांव यहाँ दिखते हैं।',
  game: 'गेम',
  player: 'खिलाड़ी',
  bet: 'दांव',
  multiplier: 'मल्टीप्लायर',
  payout: 'पेआउट',
};
