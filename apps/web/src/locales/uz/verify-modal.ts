import type { Translation } from '../translation';

export const verifyModal: Translation['VerifyModal'] = {
  back: 'Orqaga',
  wager: {
    error: 'Oʻynab chiqish hali yakunlanmagan',
    description:
      'Faol bonusingizni oʻynab chiqish shartlari bajarilgach, pul yechish mumkin boʻladi.',
  },
  personal: {
    error: 'Pul yechish uchun profilni toʻldiring',
    description: 'Ismingiz, familiyangiz, jinsingiz va tugʻilgan sanangiz kerak.',
    to_profile: 'Profilga oʻtish',
  },
};
