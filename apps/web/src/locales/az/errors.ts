import type { Translation } from '../translation';

export const errors: Translation['Errors'] = {
  network: 'Serverlə əlaqə yoxdur. İnterneti yoxlayıb yenidən cəhd edin.',
  internal_error: 'Bizim tərəfdə nəsə səhv getdi. Yenidən cəhd edin.',
  service_unavailable: 'Xidmət müvəqqəti əlçatan deyil. Bir az sonra yenidən cəhd edin.',
  validation_error: 'İşarələnmiş sahələri yoxlayın.',
  invalid_credentials: 'E-mail və ya şifrə yanlışdır.',
  invalid_init_data: 'Messencer vasitəsilə girişin vaxtı keçib. Tətbiqi botdan yenidən açın.',
  invalid_bot: 'Bu bizim botumuz deyil. Kazinonu rəsmi botumuz vasitəsilə açın.',
  email_taken: 'Bu e-mail ilə hesab artıq mövcuddur. Daxil olmaq istəyirsiniz?',
  unauthorized: 'Sessiyanız başa çatıb. Yenidən daxil olun.',
  forbidden: 'Bu əməliyyata girişiniz yoxdur.',
  cross_origin_request:
    'Bu əməliyyat bloklandı, çünki sorğu bu saytdan gəlməyib. Səhifəni yeniləyin və yenidən cəhd edin.',
  not_found: 'Tapılmadı.',
  name_change_unavailable:
    'Adınızı artıq burada dəyişmək olmur. Düzəliş lazımdırsa, dəstək xidmətinə yazın.',
  rate_limited: 'Həddən çox cəhd. {{retryAfterSeconds}}\u00a0san sonra yenidən cəhd edin.',
  server_busy:
    'Hazırda çox sayda oyunçu daxil olur. {{retryAfterSeconds}}\u00a0san sonra yenidən cəhd edin.',
  payload_too_large: 'Sorğu çox böyükdür.',
  bad_request: 'Sorğunu emal etmək mümkün olmadı.',
  round_not_open: 'Bu raund artıq bitib.',
  round_in_progress: 'Əvvəlcə davam edən raundu bitirin.',
  bet_out_of_limits: 'Bu mərc oyunun limitlərindən kənardır.',
  turbine_not_available: 'Uğur çarxı əlçatan deyil',
  promo_code_not_found: 'Belə promokod yoxdur. Yazılışını yoxlayın.',
  promo_code_expired: 'Bu promokod hazırda qüvvədə deyil.',
  promo_code_exhausted: 'Bu promokodun limiti bitib.',
  promo_code_already_used: 'Bu promokoddan artıq istifadə etmisiniz.',
  promo_code_not_eligible: 'Bu promokod sizin üçün əlçatan deyil.',
  bonus_max_bet_exceeded:
    'Bonus oynadılarkən bir mərc {{maxBet}} {{currency}} məbləğini keçə bilməz.',
  bonus_active: 'Aktiv və ya gözləmədə olan bonusunuz olduğu müddətdə bu mümkün deyil.',
  bonus_not_available: 'Bu bonus sizin üçün əlçatan deyil.',
  bonus_not_cancellable: 'Bu bonusu artıq ləğv etmək mümkün deyil.',
  freespins_unavailable: 'Bu oyun üçün pulsuz fırlatmanız qalmayıb.',
  daily_bonus_used:
    'Bugünkü bonusdan artıq istifadə etmisiniz. Növbəti bonus UTC ilə gecə yarısı açılır.',
};
