import type { Translation } from '../translation';

export const verifyModal: Translation['VerifyModal'] = {
  back: 'Артқа',
  wager: {
    error: 'Бонусты ойнап шығу әлі аяқталмады',
    description:
      'Белсенді бонусыңызды ойнап шығу шарттары орындалғанда ақша шығару қолжетімді болады.',
  },
  personal: {
    error: 'Ақша шығару үшін профильді толтырыңыз',
    description: 'Бізге атыңыз, тегіңіз, жынысыңыз және туған күніңіз қажет.',
    to_profile: 'Профильге өту',
  },
};
