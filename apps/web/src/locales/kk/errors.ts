import type { Translation } from '../translation';

export const errors: Translation['Errors'] = {
  network: 'Сервермен байланыс жоқ. Интернетті тексеріп, қайталап көріңіз.',
  internal_error: 'Біз жақта бірдеңе дұрыс болмады. Қайталап көріңіз.',
  service_unavailable: 'Сервис уақытша қолжетімсіз. Сәл кейінірек қайталап көріңіз.',
  validation_error: 'Белгіленген өрістерді тексеріңіз.',
  invalid_credentials: 'E-mail немесе құпиясөз қате.',
  email_taken: 'Бұл e-mail-мен тіркелген аккаунт бар. Кіріп көресіз бе?',
  unauthorized: 'Сессияңыз аяқталды. Қайта кіріңіз.',
  forbidden: 'Бұл әрекетке рұқсатыңыз жоқ.',
  cross_origin_request:
    'Әрекет бұғатталды, себебі сұраныс осы сайттан жіберілмеген. Бетті қайта жүктеп, қайталап көріңіз.',
  not_found: 'Табылмады.',
  name_change_unavailable:
    'Атыңызды бұл жерде енді өзгерту мүмкін емес. Түзету қажет болса, қолдау қызметіне жазыңыз.',
  rate_limited: 'Әрекет тым көп. {{retryAfterSeconds}}\u00a0с кейін қайталаңыз.',
  server_busy: 'Қазір тым көп ойыншы кіріп жатыр. {{retryAfterSeconds}}\u00a0с кейін қайталаңыз.',
  payload_too_large: 'Сұраныс тым үлкен.',
  bad_request: 'Сұранысты өңдеу мүмкін болмады.',
  round_not_open: 'Бұл раунд аяқталып қойған.',
  round_in_progress: 'Алдымен ағымдағы раундты аяқтаңыз.',
  bet_out_of_limits: 'Бұл бәс ойын лимиттерінен тыс.',
  turbine_not_available: 'Сәттілік дөңгелегі қолжетімсіз',
  promo_code_not_found: 'Мұндай промокод жоқ. Дұрыс жазылғанын тексеріңіз.',
  promo_code_expired: 'Бұл промокод қазір жарамсыз.',
  promo_code_exhausted: 'Бұл промокодтың белсендіру лимиті таусылды.',
  promo_code_already_used: 'Сіз бұл промокодты пайдаланып қойғансыз.',
  promo_code_not_eligible: 'Бұл промокод сізге қолжетімсіз.',
  bonus_max_bet_exceeded:
    'Бонусты ойнап шығу кезінде бір бәс {{maxBet}} {{currency}} сомасынан аспауы керек.',
  bonus_active: 'Белсенді немесе күтудегі бонусыңыз болғанда бұл мүмкін емес.',
  bonus_not_available: 'Бұл бонус сізге қолжетімсіз.',
  bonus_not_cancellable: 'Бұл бонустан енді бас тарту мүмкін емес.',
  freespins_unavailable: 'Бұл ойын үшін фриспиндеріңіз қалмады.',
  daily_bonus_used:
    'Бүгінгі бонусты пайдаланып қойдыңыз. Келесісі UTC бойынша түн ортасында ашылады.',
};
