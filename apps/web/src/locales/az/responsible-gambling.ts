export const responsibleGambling = {
  title: 'Məsuliyyətli oyun',
  intro:
    'Depozit, mərc və uduzma üçün limitlər qoyun. Limitin azaldılması dərhal qüvvəyə minir, artırılması və ya silinməsi isə yalnız 24 saatdan sonra.',
  empty: 'Hələ limitiniz yoxdur.',
  add_title: 'Limit qoy',
  add: 'Limit qoy',
  change: 'Dəyiş',
  save: 'Yadda saxla',
  close: 'Bağla',
  remove: 'Sil',
  cancel_pending: 'Dəyişikliyi ləğv et',
  type_label: 'Limit',
  period_label: 'Dövr',
  amount_label: 'Məbləğ ({{currency}})',
  amount_label_primary: 'Valyutanızda məbləğ',
  minutes_label: 'Dəqiqə',
  minutes: '{{minutes}} dəq',
  types: {
    deposit: 'Depozit limiti',
    loss: 'Uduzma limiti',
    wager: 'Mərc limiti',
    session: 'Sessiya vaxtı',
  },
  periods: {
    day: '24 saat',
    week: '7 gün',
    month: '30 gün',
  },
  used: '{{amount}} məbləğindən {{used}} istifadə olunub',
  frees: '{{when}} azad olacaq',
  goes_down: '{{when}} azalacaq',
  today: 'bu gün saat {{time}}',
  tomorrow: 'sabah saat {{time}}',
  over_limit:
    'Limitə çatdıqdan sonra daxil olan depozit onu aşdı. O, hesaba köçürüldü; növbəti depozitlər limit azad olanda mümkün olacaq.',
  session_note: 'Vaxt limitiniz hesabınızda saxlanılıb.',
  pending_raise: '{{amount}} qədər artım {{when}} qüvvəyə minəcək',
  pending_removal: 'Limitin silinməsi {{when}} qüvvəyə minəcək',
  cooling_off_hint:
    'Limitin azaldılması dərhal qüvvəyə minir. Artırılması və ya silinməsi 24 saatdan sonra qüvvəyə minir və o vaxta qədər ləğv edilə bilər.',
  help_title: 'Kömək lazımdır?',
  help_intro: 'Pulsuz və məxfi dəstəyi bu təşkilatlar göstərir:',
  help: {
    begambleaware: 'məsləhət və pulsuz qaynar xətt',
    gamcare: 'dəstək və məsləhət',
    ga: 'bir-birinə kömək edən insanların görüşləri',
    therapy: 'bir çox dildə onlayn dəstək',
  },
  exclusion: {
    title: 'Fasilə ver',
    intro:
      'Fasilə və ya özünüistisna dərhal başlayır: bütün cihazlarda hesabdan çıxacaqsınız və o bitənə qədər daxil ola, balans artıra və ya oynaya bilməyəcəksiniz.',
    time_out: 'Fasilə',
    self_exclusion: 'Özünüistisna',
    days_1: '24 saat',
    days_7: '1 həftə',
    days_30: '1 ay',
    days_label: 'Və ya günlərin sayı (1–42)',
    periods: {
      '6m': '6 ay',
      '1y': '1 il',
      '5y': '5 il',
      indefinite: 'Müddətsiz',
    },
    continue: 'Davam et',
    confirm_title: 'Təsdiq edin',
    confirm_time_out:
      'Bütün cihazlarda hesabdan çıxacaqsınız və {{until}} tarixinə qədər daxil ola, balans artıra və ya oynaya bilməyəcəksiniz.',
    confirm_self_exclusion:
      'Bütün cihazlarda hesabdan çıxacaqsınız və {{until}} tarixinə qədər daxil ola, balans artıra və ya oynaya bilməyəcəksiniz. Özünüistisnanı ləğv etmək və ya qısaltmaq olmaz, sonra isə hesab yalnız sizin xahişinizlə açılır.',
    confirm_indefinite:
      'Bütün cihazlarda hesabdan çıxacaqsınız və bir daha daxil ola, balans artıra və ya oynaya bilməyəcəksiniz. Müddətsiz özünüistisnanı ləğv etmək olmaz.',
    withdraw_note:
      'Açıq idman mərcləri yenə də hesablanacaq. Bu müddətdə balansı çıxarmaq üçün dəstəyə yazın.',
    confirm: 'Təsdiq et və çıx',
    back: 'Geri',
    timed_out_until: '{{until}} tarixinə qədər fasilədəsiniz.',
    self_excluded_until: '{{until}} tarixinə qədər özünüistisnadasınız.',
    self_excluded_indefinite: 'Müddətsiz özünüistisnadasınız.',
    ended:
      'Özünüistisnanız {{until}} tarixində bitdi. Hesabınız xahişinizdən 24 saat sonra açılır.',
    reopen: 'Hesabın açılmasını xahiş et',
    reopens_at: 'Hesabınız {{when}} açılacaq.',
    registry: 'Siz milli özünüistisna reyestrindəsiniz, ona görə bu hesabdan istifadə etmək olmaz.',
  },
  server_error: {
    responsible_gambling_limit:
      'Məsuliyyətli oyun limitiniz buna icazə vermir: {{amount}} {{currency}} məbləğindən {{used}} istifadə olunub. Limitin nə vaxt azad olacağını profildə, «Məsuliyyətli oyun» bölməsində görün.',
  },
};
