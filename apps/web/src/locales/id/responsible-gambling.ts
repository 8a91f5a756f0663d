export const responsibleGambling = {
  title: 'Bermain secara bertanggung jawab',
  intro:
    'Atur batas deposit, taruhan, dan kekalahan. Batas yang lebih rendah langsung berlaku; menaikkan atau menghapusnya baru berlaku setelah 24 jam.',
  empty: 'Anda belum memiliki batas.',
  add_title: 'Atur batas',
  add: 'Atur batas',
  change: 'Ubah',
  save: 'Simpan',
  close: 'Tutup',
  remove: 'Hapus',
  cancel_pending: 'Batalkan perubahan',
  type_label: 'Batas',
  period_label: 'Periode',
  amount_label: 'Jumlah ({{currency}})',
  amount_label_primary: 'Jumlah dalam mata uang Anda',
  minutes_label: 'Menit',
  minutes: '{{minutes}} mnt',
  types: {
    deposit: 'Batas deposit',
    loss: 'Batas kekalahan',
    wager: 'Batas taruhan',
    session: 'Waktu sesi',
  },
  periods: {
    day: '24 jam',
    week: '7 hari',
    month: '30 hari',
  },
  used: 'Terpakai {{used}} dari {{amount}}',
  frees: 'kembali tersedia {{when}}',
  goes_down: 'berkurang {{when}}',
  today: 'hari ini pukul {{time}}',
  tomorrow: 'besok pukul {{time}}',
  over_limit:
    'Deposit yang masuk setelah batas tercapai melampauinya. Dana sudah dikreditkan; deposit berikutnya menunggu sampai batas tersedia lagi.',
  session_note: 'Batas waktu Anda tersimpan di akun Anda.',
  pending_raise: 'Kenaikan menjadi {{amount}} berlaku {{when}}',
  pending_removal: 'Penghapusan batas berlaku {{when}}',
  cooling_off_hint:
    'Menurunkan batas langsung berlaku. Menaikkan atau menghapusnya berlaku setelah masa jeda 24 jam, dan bisa dibatalkan sebelum itu.',
  help_title: 'Butuh bantuan?',
  help_intro: 'Dukungan gratis dan rahasia tersedia dari organisasi berikut:',
  help: {
    begambleaware: 'saran dan saluran bantuan gratis',
    gamcare: 'dukungan dan konseling',
    ga: 'pertemuan orang-orang yang saling membantu',
    therapy: 'dukungan daring dalam banyak bahasa',
  },
  exclusion: {
    title: 'Ambil jeda',
    intro:
      'Time-out atau pengecualian diri langsung berlaku: Anda keluar dari semua perangkat dan tidak bisa masuk, menyetor, atau bermain sampai berakhir.',
    time_out: 'Time-out',
    self_exclusion: 'Pengecualian diri',
    days_1: '24 jam',
    days_7: '1 minggu',
    days_30: '1 bulan',
    days_label: 'Atau jumlah hari (1–42)',
    periods: {
      '6m': '6 bulan',
      '1y': '1 tahun',
      '5y': '5 tahun',
      indefinite: 'Tanpa batas waktu',
    },
    continue: 'Lanjutkan',
    confirm_title: 'Harap konfirmasi',
    confirm_time_out:
      'Anda akan keluar dari semua perangkat dan tidak bisa masuk, menyetor, atau bermain sampai {{until}}.',
    confirm_self_exclusion:
      'Anda akan keluar dari semua perangkat dan tidak bisa masuk, menyetor, atau bermain sampai {{until}}. Pengecualian diri tidak bisa dibatalkan atau dipersingkat, dan setelahnya akun dibuka kembali hanya atas permintaan Anda.',
    confirm_indefinite:
      'Anda akan keluar dari semua perangkat dan tidak bisa lagi masuk, menyetor, atau bermain. Pengecualian diri tanpa batas waktu tidak bisa dibatalkan.',
    withdraw_note:
      'Taruhan olahraga yang terbuka tetap diselesaikan. Untuk menarik saldo selama itu, hubungi dukungan.',
    confirm: 'Konfirmasi dan keluar',
    back: 'Kembali',
    timed_out_until: 'Anda sedang time-out sampai {{until}}.',
    self_excluded_until: 'Anda mengecualikan diri sampai {{until}}.',
    self_excluded_indefinite: 'Anda mengecualikan diri tanpa batas waktu.',
    ended:
      'Pengecualian diri Anda berakhir pada {{until}}. Akun dibuka kembali 24 jam setelah Anda memintanya.',
    reopen: 'Minta akun dibuka kembali',
    reopens_at: 'Akun Anda dibuka kembali pada {{when}}.',
    registry:
      'Anda terdaftar di skema pengecualian diri nasional, jadi akun ini tidak bisa digunakan.',
  },
  server_error: {
    responsible_gambling_limit:
      'Batas bermain bertanggung jawab Anda tidak mengizinkan ini: terpakai {{used}} dari {{amount}} {{currency}}. Lihat Profil, Bermain secara bertanggung jawab, untuk kapan batas tersedia lagi.',
  },
};
