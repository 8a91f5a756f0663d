import type { Translation } from '../translation';

export const wheel: Translation['Wheel'] = {
  title: 'Omad gʻildiragi',
  open: 'Gʻildirak',
  subtitle:
    'Har kuni bitta bepul aylantirish. Sovrinlar balansingizga tushadi yoki bonusga aylanadi.',
  guest_subtitle: 'Gʻildirakni aylantiring va nimani yutishingiz mumkinligini koʻring.',
  spin: 'Aylantirish',
  spinning: 'Aylanmoqda…',
  rotation_available: 'Aylantirish mavjud',
  rotation_used: 'Aylantirish ishlatilgan',
  next_spin: 'Keyingi aylantirishgacha',
  won_title: 'Siz yutdingiz',
  no_prize_title: 'Bu safar sovrin yoʻq',
  no_prize_text: 'Yangi aylantirish uchun ertaga qayting.',
  to_main: 'Asosiy balansingizga tushirildi.',
  to_bonus: 'Bonus sifatida tushirildi: uni haqiqiy pulga aylantirish uchun oʻynab chiqing.',
  promo_code: 'Promokodingiz',
  to_bonuses: 'Bonuslarimga',
  fairness: 'Tekshiriladigan halollik · nonce {{nonce}} · server sidi xeshi {{hash}}…',
  guest_won_title: 'Sovriningiz: {{amount}}',
  guest_won_text:
    'Gʻildirakni har kuni aylantirish va yutuqlarni saqlab qolish uchun roʻyxatdan oʻting.',
  sign_up: 'Roʻyxatdan oʻtish',
  rotate_device: 'Butun gʻildirakni koʻrish uchun telefonni yotiq holatga buring.',
  verify_spin: 'Bu aylantirishni tekshirish',
  verify: {
    modes: 'Nimani tekshirish',
    mode_originals: 'Oʻz oʻyinlarimiz',
    mode_wheel: 'Omad gʻildiragi',
    subtitle:
      'Omad gʻildiragining istalgan aylantirishini uning sidlari va sovrinlar jadvali boʻyicha toʻgʻridan-toʻgʻri brauzeringizda qayta hisoblang.',
    inputs: 'Aylantirish maʼlumotlari',
    hash_shown: 'Aylantirishdan oldin koʻrsatilgan server sidi xeshi',
    result: 'Qayta hisoblangan aylantirish',
    your_spins: 'Aylantirishlaringiz',
    by_hand: 'Maʼlumotlarni qoʻlda kiritish',
    spin_option: '{{date}} · {{prize}} · nonce {{nonce}}',
    no_prize: 'sovrinsiz',
    loading_spin: 'Aylantirish yuklanmoqda…',
    spin_not_found: 'Bu aylantirish sizning aylantirishlaringiz orasida topilmadi.',
    sign_in:
      'Aylantirishlaringizni yuklash uchun kiring; maʼlumotlarni qoʻlda ham kiritishingiz mumkin.',
    seed_hidden:
      'Bu aylantirishning server sidi hali ishlatilmoqda va sir saqlanadi. Uni oshkor qilish uchun sidlar juftini almashtiring; keyingi aylantirish va raundlaringiz yangi sidlar juftidan foydalanadi.',
    rotate: 'Sidlar juftini hozir almashtirish',
    weights: 'Sovrinlar vaznlari, tanlash tartibida',
    weights_hint:
      'Aylantirish bilan birga eʼlon qilinganidek: kazino keyinchalik gʻildirakka kiritgan oʻzgarishlar unga taalluqli emas.',
    float: 'Chiqqan son',
    target: 'Maqsad {{target}} (umumiy vazn {{total}})',
    table_caption: 'Aylantirish sovrinlari',
    table_position: '#',
    table_prize: 'Sovrin (USD)',
    table_weight: 'Vazn',
    table_chance: 'Ehtimol',
    table_range: 'Maqsadlar',
    bonus: 'bonus',
    unknown_prize: 'saqlanmagan',
    winner: 'Tanlov shu yerga tushadi',
    spin_matches: '{{date}} dagi aylantirish aynan shu sovringa tushgan.',
    spin_differs:
      '{{date}} dagi aylantirish boshqa sovrin yoki boshqa sovrinlar jadvali bilan qayd etilgan.',
    odds_title: 'Gʻildirakning hozirgi ehtimollari',
    odds_hint: 'Har bir sovrinning ehtimoli: uning vazni umumiy vaznga boʻlingani.',
    odds_empty: 'Gʻildirak hozir oʻchirilgan.',
    how_it_works:
      'Aylantirish sidlar juftingizning keyingi nonce qiymatini oladi va HMAC-SHA256(server sidi, "mijoz sidi:nonce:0") dan bitta n / 2³² sonini chiqaradi. Sovrinlar vaznlari w₀…wₖ va ularning yigʻindisi W boʻlsa, maqsad t = ⌊n × W / 2³²⌋ ga teng, sovrin esa vaznlarning jamlanib boruvchi yigʻindisi t dan birinchi boʻlib oshadigan sovrindir, shuning uchun i-sovrin wᵢ / W ehtimol bilan yutadi.',
    invalid: {
      serverSeed: 'Oshkor qilingan server sidini kiriting: 64 ta oʻn oltilik belgi.',
      clientSeed: 'Mijoz sidini kiriting.',
      nonce: 'Nonce kiriting: 0 yoki undan katta butun son.',
      weights:
        'Vaznlarni 0 dan 1 000 000 gacha butun sonlar bilan kiriting, kamida bittasi 0 dan katta boʻlsin.',
    },
  },
};
