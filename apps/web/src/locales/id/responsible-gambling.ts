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
  server_error: {
    responsible_gambling_limit:
      'Batas bermain bertanggung jawab Anda tidak mengizinkan ini: terpakai {{used}} dari {{amount}} {{currency}}. Lihat Profil, Bermain secara bertanggung jawab, untuk kapan batas tersedia lagi.',
  },
};
