import type { Translation } from '../translation';

export const bonuses: Translation['Bonuses'] = {
  drawer_title: 'Bonus',
  offers_button: 'Penawaran bonus',
  current_title: 'Bonus saat ini',
  finished_title: 'Riwayat bonus',
  percent: 'Bonus {{percent}}%',
  granted: 'diberikan {{amount}}',
  balance: 'Saldo bonus',
  wager: 'Syarat taruhan',
  wager_progress: '{{current}} dari {{total}}',
  max_bet: 'Taruhan maks',
  no_max_bet: 'Tanpa batas',
  free_spins: 'Putaran gratis',
  free_spins_left: '{{left}} dari {{total}}',
  free_spins_each: 'masing-masing {{amount}}',
  free_spins_count: '+{{count}} FS',
  converted: 'Dikonversi menjadi uang asli',
  deadline: 'Berakhir dalam',
  deadline_hours: 'Setelah itu, {{hours}} jam untuk memenuhi syarat taruhan.',
  pending_note: 'Dimulai saat bonus aktif Anda berakhir.',
  ended_at: 'Berakhir {{date}}',
  games: 'Game',
  games_all: 'Semua game dihitung',
  games_count: 'Game: {{count}}',
  games_more: '+{{count}} lainnya',
  to_games: 'Game',
  conditions_button: 'Syarat',
  cancel: 'Batalkan',
  cancel_title: 'Batalkan bonus ini?',
  cancel_text:
    '{{title}}: dana bonusnya ({{balance}}) dan progres syarat taruhan akan hilang. Tindakan ini tidak dapat dibatalkan.',
  cancel_keep: 'Pertahankan bonus',
  cancel_confirm: 'Batalkan bonus',
  cancelled: '{{title}} dibatalkan',
  status: {
    active: 'Aktif',
    pending: 'Menunggu',
    completed: 'Selesai',
    expired: 'Kedaluwarsa',
    forfeited: 'Dibatalkan',
    lost: 'Hangus',
  },
  conditions: {
    percent: 'Bonus',
    up_to: 'Hingga',
    min_deposit: 'Deposit minimum',
    wager: 'Syarat taruhan',
    wager_value: '×{{wager}}',
    deadline: 'Waktu memenuhi syarat',
    deadline_value: '{{hours}} jam',
    free_spins_value: '{{count}} × {{amount}}',
  },
  info: {
    conditions_title: 'Syarat bonus',
    new_one: 'Anda mendapat bonus baru!',
    new_many: 'Bonus baru: {{count}}',
    wager_line: 'Pertaruhkan {{total}} untuk mengonversinya',
    to_bonuses: 'Bonus saya',
    ok: 'Mengerti',
  },
  settings: {
    title: 'Pengaturan bonus selamat datang',
    text: 'Pilih deposit mana yang mendapat bonus selamat datang.',
    fiat: 'Deposit dengan kartu dan bank',
    crypto: 'Deposit kripto',
  },
  welcome: {
    title: 'Bonus selamat datang',
    headline: 'Hingga {{percent}}% untuk setiap {{count}} deposit pertama Anda',
    headline_plain: 'Bonus untuk setiap {{count}} deposit pertama Anda',
    steps_title: 'Tahap deposit',
    step: 'Deposit {{number}}',
    percent: '+{{percent}}%',
    up_to: 'hingga {{amount}}',
    free_spins: '+{{count}} putaran gratis',
    min_deposit: 'mulai {{amount}}',
    state: {
      claimed: 'Diterima',
      available: 'Tersedia sekarang',
      disabled: 'Setelah deposit {{number}}',
    },
    deposit: 'Deposit',
    guest_text: 'Buat akun untuk mendapatkan bonus di setiap empat deposit pertama Anda.',
    sign_up: 'Daftar',
    none: 'Saat ini tidak ada penawaran selamat datang untuk Anda.',
  },
  wallet_banner: {
    welcome_title: 'Bonus deposit ke-{{number}}',
    forfeit:
      'Penarikan akan membatalkan bonus aktif Anda beserta saldo bonusnya sebesar {{amount}}. Penuhi syarat taruhannya terlebih dahulu agar bonus tetap menjadi milik Anda.',
  },
  everyday: {
    title: 'Bonus harian',
    teaser:
      '+{{percent}}% untuk satu deposit setiap hari setelah Anda melakukan {{count}} deposit.',
    banner_text: 'untuk satu deposit hari ini: aktifkan, lalu isi saldo.',
    use: 'Gunakan',
    used: 'Diaktifkan: deposit Anda berikutnya hari ini mendapat bonus.',
    next_in: 'Bonus berikutnya dalam',
    unavailable: 'Bonus harian sedang tidak tersedia.',
    activated: 'Bonus harian diaktifkan. Isi saldo hari ini untuk menerimanya.',
    conditions_title: 'Syarat',
    period_title: 'Periode',
    period_text:
      'Setiap hari pukul 00.00–24.00 UTC. Aktifkan bonus dan lakukan deposit di hari yang sama; bonus berikutnya tersedia pukul 00.00 UTC.',
  },
  video: {
    title: 'Cara kerjanya',
    label:
      'Animasi: deposit memberikan bonus, syarat taruhan bonus dipenuhi, dan bonus menjadi uang asli.',
    caption: 'Deposit, dapatkan bonus, penuhi syarat taruhannya, dan tarik uang asli.',
    deposit: '1. Lakukan deposit',
    bonus: '2. Dapatkan bonus',
    wager: '3. Pertaruhkan di game',
    withdraw: '4. Tarik uang asli',
  },
  faq: {
    title: 'Tanya jawab',
    how_welcome: {
      question: 'Bagaimana cara kerja bonus selamat datang?',
      answer:
        'Setiap empat deposit pertama Anda mendapat bonusnya sendiri: persentase dari deposit hingga batas yang tertera pada tahapnya, terkadang dengan putaran gratis. Tahapan terbuka satu per satu.',
    },
    how_everyday: {
      question: 'Bagaimana cara kerja bonus harian?',
      answer:
        'Mulai dari deposit keempat, tekan Gunakan sekali sehari dan isi saldo di hari yang sama: deposit tersebut mendapat tambahan bonus harian.',
    },
    when: {
      question: 'Kapan saya bisa menggunakannya lagi?',
      answer:
        'Sekali sehari. Hari dihitung dalam UTC: bonus berikutnya tersedia pukul 00.00 UTC, dan hitung mundur menunjukkan sisa waktunya.',
    },
    wager: {
      question: 'Apa itu syarat taruhan?',
      answer:
        'Dana bonus menjadi uang asli setelah Anda bertaruh sebesar jumlah bonus dikali pengali syarat taruhan. Setiap game dihitung dengan porsinya sendiri, tercantum di bawah game bonus.',
    },
    max_bet: {
      question: 'Apakah ada batas taruhan?',
      answer:
        'Selama syarat taruhan bonus berjalan, satu taruhan tidak boleh melebihi taruhan maksimum bonus tersebut. Taruhan yang lebih besar ditolak sampai bonus berakhir.',
    },
    deadline: {
      question: 'Berapa lama waktu yang saya miliki?',
      answer:
        'Setiap bonus memiliki batas waktu dalam jam sejak bonus dimulai. Dana bonus yang belum memenuhi syarat taruhan akan hangus bersamanya.',
    },
    several: {
      question: 'Bisakah saya memiliki beberapa bonus?',
      answer:
        'Syarat taruhan dipenuhi untuk satu bonus dalam satu waktu. Bonus lain yang diberikan sementara itu akan menunggu dan dimulai saat bonus aktif berakhir.',
    },
    cancel: {
      question: 'Bisakah saya membatalkan bonus?',
      answer:
        'Ya, di halaman Bonus. Dana bonus dan progresnya akan hilang. Penarikan juga membatalkan bonus aktif.',
    },
  },
};
