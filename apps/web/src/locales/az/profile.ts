import type { Translation } from '../translation';

export const profile: Translation['Profile'] = {
  title: 'Profil',
  account: 'Hesab',
  user_id: 'İstifadəçi ID-si',
  email: 'E-mail',
  language: 'Dil',
  language_hint: 'İnterfeysin və mesajlarımızın dili.',
  personal_data: 'Şəxsi məlumatlar',
  personal_data_hint:
    'Pul çıxarmaq üçün lazımdır. Adınızı şəxsiyyət vəsiqənizdə olduğu kimi daxil edin.',
  first_name: 'Ad',
  last_name: 'Soyad',
  gender: 'Cins',
  gender_placeholder: 'Cinsi seçin',
  gender_male: 'Kişi',
  gender_female: 'Qadın',
  date_of_birth: 'Doğum tarixi',
  name_locked:
    'Adınız təsdiqlənib və artıq dəyişdirilə bilməz. Səhv varsa, dəstək xidmətinə yazın.',
  name_once: 'Adı yalnız bir dəfə daxil etmək olar. Yadda saxlamazdan əvvəl diqqətlə yoxlayın.',
  save: 'Yadda saxla',
  saved: 'Şəxsi məlumatlar yadda saxlanıldı',
  sign_out: 'Çıxış',
  signed_out: 'Hesabdan çıxdınız',
  deposits_made: 'Edilmiş depozitlər',
  deposits_sum: 'Depozitlərin cəmi',
  vip_player: 'VIP oyunçu',
  vip_manager: 'VIP meneceriniz',
  complete_for_withdrawals: 'Pul çıxara bilmək üçün şəxsi məlumatlarınızı tamamlayın.',
  ready_for_withdrawals: 'Şəxsi məlumatlarınız tamamdır.',
};
