import type { Translation } from '../translation';

export const webPush: Translation['WebPush'] = {
  refuse_title: 'Bildirişlər söndürülüb',
  refuse_description: 'Onları istənilən vaxt brauzerin ayarlarında yandıra bilərsiniz.',
  prompt_title: 'Bildirişlər yandırılsın?',
  prompt_description:
    'Depozit daxil olanda, pul çıxarışı ödənəndə, turnir mükafatı qazananda və ya bonusun vaxtı bitmək üzrə olanda dərhal xəbər tutun.',
  allow: 'Yandır',
  later: 'İndi yox',
  settings_title: 'Bildirişlər',
  settings_hint:
    'Nə barədə xəbər verəcəyimizi seçin. Seçim bildirişlərin açıq olduğu bütün cihazlara aiddir.',
  categories_legend: 'Xəbər ver',
  state_on: 'Bu cihazda açıqdır.',
  state_off: 'Bu cihazda bağlıdır.',
  state_off_elsewhere: 'Bu cihazda bağlıdır; digər cihazınızda açıqdır.',
  state_denied: 'Bu brauzerdə bloklanıb. Brauzer ayarlarında sayt üçün bildirişlərə icazə verin.',
  state_unsupported: 'Bu brauzer bildirişləri göstərə bilmir.',
  state_unavailable: 'Bildirişlər hazırda əlçatan deyil.',
  categories: {
    deposits: 'Depozit köçürüldü',
    withdrawals: 'Çıxarış ödənildi',
    tournaments: 'Turnir mükafatı',
    bonuses: 'Bonusun müddəti bitir',
    sportsbook: 'Mərcdə böyük uduş',
  },
};
