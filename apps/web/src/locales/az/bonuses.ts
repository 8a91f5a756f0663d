import type { Translation } from '../translation';

export const bonuses: Translation['Bonuses'] = {
  drawer_title: 'Bonuslar',
  offers_button: 'Bonus təklifləri',
  current_title: 'Cari bonuslar',
  finished_title: 'Bonus tarixçəsi',
  percent: '{{percent}}% bonus',
  granted: 'verilib: {{amount}}',
  balance: 'Bonus balansı',
  wager: 'Oynatma',
  wager_progress: '{{current}} / {{total}}',
  max_bet: 'Maks. mərc',
  no_max_bet: 'Limitsiz',
  free_spins: 'Pulsuz fırlatmalar',
  free_spins_left: '{{left}} / {{total}}',
  free_spins_each: 'hər biri {{amount}}',
  free_spins_count: '+{{count}} FS',
  converted: 'Real pula çevrildi',
  deadline: 'Bitməsinə',
  deadline_hours: 'Sonra oynatmaq üçün {{hours}} saat.',
  pending_note: 'Aktiv bonusunuz bitəndə başlayır.',
  ended_at: 'Başa çatıb: {{date}}',
  games: 'Oyunlar',
  games_all: 'Bütün oyunlar sayılır',
  games_count: 'Oyunlar: {{count}}',
  games_more: 'və daha {{count}}',
  to_games: 'Oyunlar',
  conditions_button: 'Şərtlər',
  cancel: 'Ləğv et',
  cancel_title: 'Bu bonus ləğv edilsin?',
  cancel_text:
    '{{title}}: bonus pulu ({{balance}}) və oynatma irəliləyişi itəcək. Bunu geri qaytarmaq mümkün deyil.',
  cancel_keep: 'Bonusu saxla',
  cancel_confirm: 'Bonusu ləğv et',
  cancelled: '«{{title}}» ləğv edildi',
  status: {
    active: 'Aktiv',
    pending: 'Gözləmədə',
    completed: 'Tamamlandı',
    expired: 'Müddəti bitdi',
    forfeited: 'Ləğv edildi',
    lost: 'Uduzuldu',
  },
  conditions: {
    percent: 'Bonus',
    up_to: 'Ən çoxu',
    min_deposit: 'Minimal depozit',
    wager: 'Oynatma',
    wager_value: '×{{wager}}',
    deadline: 'Oynatma müddəti',
    deadline_value: '{{hours}} saat',
    free_spins_value: '{{count}} × {{amount}}',
  },
  info: {
    conditions_title: 'Bonus şərtləri',
    new_one: 'Yeni bonusunuz var!',
    new_many: 'Yeni bonuslar: {{count}}',
    wager_line: 'Real pula çevirmək üçün cəmi {{total}} mərc edin',
    to_bonuses: 'Bonuslarım',
    ok: 'Aydındır',
  },
  settings: {
    title: 'Xoş gəldin bonusu ayarları',
    text: 'Xoş gəldin bonusunun hansı depozitlərə veriləcəyini seçin.',
    fiat: 'Kart və bank ilə depozitlər',
    crypto: 'Kripto depozitlər',
  },
  welcome: {
    title: 'Xoş gəldin bonusu',
    headline: 'İlk {{count}} depozitin hər birinə {{percent}}%-ə qədər',
    headline_plain: 'İlk {{count}} depozitin hər birinə bonus',
    steps_title: 'Depozit addımları',
    step: 'Depozit {{number}}',
    percent: '+{{percent}}%',
    up_to: 'maks. {{amount}}',
    free_spins: '+{{count}} pulsuz fırlatma',
    min_deposit: 'min. {{amount}}',
    state: {
      claimed: 'Alınıb',
      available: 'İndi əlçatandır',
      disabled: '{{number}} nömrəli depozitdən sonra',
    },
    deposit: 'Depozit et',
    guest_text: 'İlk dörd depozitinizin hər birinə bonus almaq üçün hesab yaradın.',
    sign_up: 'Qeydiyyatdan keç',
    none: 'Hazırda sizin üçün xoş gəldin təklifi yoxdur.',
  },
  wallet_banner: {
    welcome_title: '{{number}} nömrəli depozitə bonus',
    forfeit:
      'Pul çıxarışı aktiv bonusunuzu və onun {{amount}} bonus balansını ləğv edir. Onu saxlamaq üçün əvvəlcə oynadın.',
  },
  everyday: {
    title: 'Gündəlik bonus',
    teaser: '{{count}} depozitdən sonra hər gün bir depozitə +{{percent}}%.',
    banner_text: 'bu gün bir depozitə: aktivləşdirin, sonra balansı artırın.',
    use: 'İstifadə et',
    used: 'Aktivləşdirildi: bu gün növbəti depozitiniz bonus alacaq.',
    next_in: 'Növbəti bonusa',
    unavailable: 'Gündəlik bonus hazırda əlçatan deyil.',
    activated: 'Gündəlik bonus aktivləşdirildi. Onu almaq üçün bu gün balansı artırın.',
    conditions_title: 'Şərtlər',
    period_title: 'Müddət',
    period_text:
      'Hər gün UTC ilə 00:00-dan 24:00-dək. Bonusu aktivləşdirin və həmin gün depozit edin; növbəti bonus UTC ilə gecə yarısı açılır.',
  },
  video: {
    title: 'Necə işləyir',
    label: 'Animasiya: depozit bonus gətirir, bonus oynadılır və real pula çevrilir.',
    caption: 'Depozit edin, bonus alın, onu oynadın və real pul çıxarın.',
    deposit: '1. Depozit edin',
    bonus: '2. Bonus alın',
    wager: '3. Onu oyunlarda oynadın',
    withdraw: '4. Real pulu çıxarın',
  },
  faq: {
    title: 'Suallar və cavablar',
    how_welcome: {
      question: 'Xoş gəldin bonusu necə işləyir?',
      answer:
        'İlk dörd depozitinizin hər biri öz bonusunu alır: depozitin müəyyən payı, addımda göstərilən limitə qədər, bəzən pulsuz fırlatmalarla birlikdə. Addımlar bir-birinin ardınca açılır.',
    },
    how_everyday: {
      question: 'Gündəlik bonus necə işləyir?',
      answer:
        'Dördüncü depozitinizdən başlayaraq gündə bir dəfə «İstifadə et» düyməsini basın və həmin gün balansı artırın: depozit üstəlik gündəlik bonus alacaq.',
    },
    when: {
      question: 'Onu nə vaxt yenidən istifadə edə bilərəm?',
      answer:
        'Gündə bir dəfə. Gün UTC ilə hesablanır: növbəti bonus UTC ilə gecə yarısı açılır, geri sayım nə qədər vaxt qaldığını göstərir.',
    },
    wager: {
      question: 'Oynatma nə deməkdir?',
      answer:
        'Bonus məbləğinin oynatma əmsalına hasili qədər mərc etdikdən sonra bonus pulu real pula çevrilir. Hər oyun öz payı ilə sayılır; paylar bonus oyunlarında göstərilir.',
    },
    max_bet: {
      question: 'Mərc limiti varmı?',
      answer:
        'Bonus oynadılarkən bir mərc onun maksimal mərcini keçə bilməz. Daha böyük mərclər bonus bitənə qədər rədd edilir.',
    },
    deadline: {
      question: 'Nə qədər vaxtım var?',
      answer:
        'Hər bonusun başladığı andan saatlarla hesablanan müddəti var. Müddət bitəndə oynadılmamış bonus pulu da yanır.',
    },
    several: {
      question: 'Bir neçə bonusum ola bilərmi?',
      answer:
        'Eyni vaxtda yalnız bir bonus oynadılır. Bu müddətdə verilən digər bonus gözləyir və aktiv bonus bitəndə başlayır.',
    },
    cancel: {
      question: 'Bonusu ləğv edə bilərəmmi?',
      answer:
        'Bəli, «Bonuslar» səhifəsində. Bonus pulu və irəliləyiş itir. Pul çıxarışı da aktiv bonusları ləğv edir.',
    },
  },
};
