import type { Translation } from '../translation';

export const verifyModal: Translation['VerifyModal'] = {
  back: 'Geri',
  wager: {
    error: 'Oynatma hələ tamamlanmayıb',
    description:
      'Aktiv bonusun oynatma şərtləri yerinə yetirildikdən sonra pul çıxarmaq mümkün olacaq.',
  },
  personal: {
    error: 'Pul çıxarmaq üçün profili tamamlayın',
    description: 'Adınız, soyadınız, cinsiniz və doğum tarixiniz bizə lazımdır.',
    to_profile: 'Profilə keç',
  },
};
