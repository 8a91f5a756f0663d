import type { Translation } from '../translation';

export const balance: Translation['balance'] = {
  total: 'कुल बैलेंस',
  main_account: 'मुख्य खाता',
  currency: 'मुद्रा',
  bonus_account: 'बोनस',
  wager: 'वेजरिंग प्रगति',
  wager_progress: '{{current}} / {{total}} वेजर हुआ',
  wallet: 'वॉलेट',
  title: 'बैलेंस',
  available_to_withdraw: 'निकासी के लिए उपलब्ध',
  choose_currency: 'अपनी मुद्रा चुनें',
  choose_currency_hint: 'आपका बैलेंस और डिपॉज़िट इसी मुद्रा में रखे जाते हैं।',
  currency_locked: 'जब तक कोई बोनस सक्रिय या प्रतीक्षारत है, मुद्रा नहीं बदली जा सकती।',
};
