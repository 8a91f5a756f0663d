import type { Translation } from '../translation';

export const errors: Translation['Errors'] = {
  network: 'Tidak ada koneksi ke server. Periksa internet Anda dan coba lagi.',
  internal_error: 'Terjadi kesalahan di sisi kami. Silakan coba lagi.',
  service_unavailable: 'Layanan sedang tidak tersedia. Silakan coba lagi sebentar lagi.',
  validation_error: 'Periksa kolom yang ditandai.',
  invalid_credentials: 'E-mail atau kata sandi salah.',
  invalid_init_data: 'Masuk lewat messenger sudah kedaluwarsa. Buka ulang aplikasi dari bot.',
  invalid_bot: 'Ini bukan bot kami. Buka kasino melalui bot resmi kami.',
  email_taken: 'Akun dengan e-mail ini sudah ada. Ingin masuk saja?',
  unauthorized: 'Sesi Anda telah berakhir. Silakan masuk lagi.',
  forbidden: 'Anda tidak memiliki akses untuk tindakan ini.',
  cross_origin_request:
    'Tindakan ini diblokir karena tidak berasal dari situs ini. Muat ulang halaman dan coba lagi.',
  not_found: 'Tidak ditemukan.',
  name_change_unavailable:
    'Nama Anda tidak dapat diubah lagi di sini. Hubungi dukungan jika perlu dikoreksi.',
  rate_limited: 'Terlalu banyak percobaan. Coba lagi dalam {{retryAfterSeconds}}\u00a0detik.',
  server_busy:
    'Banyak pemain sedang masuk saat ini. Coba lagi dalam {{retryAfterSeconds}}\u00a0detik.',
  payload_too_large: 'Permintaan terlalu besar.',
  bad_request: 'Permintaan tidak dapat diproses.',
  round_not_open: 'Ronde ini sudah berakhir.',
  round_in_progress: 'Selesaikan dulu ronde yang sedang berjalan.',
  bet_out_of_limits: 'Taruhan ini di luar batas game.',
  turbine_not_available: 'Turbin keberuntungan tidak tersedia',
  promo_code_not_found: 'Kode promo tidak ditemukan. Periksa penulisannya.',
  promo_code_expired: 'Kode promo ini sedang tidak berlaku.',
  promo_code_exhausted: 'Kuota kode promo ini sudah habis.',
  promo_code_already_used: 'Anda sudah menggunakan kode promo ini.',
  promo_code_not_eligible: 'Kode promo ini tidak tersedia untuk Anda.',
  bonus_max_bet_exceeded:
    'Selama syarat taruhan bonus berjalan, taruhan tidak boleh melebihi {{maxBet}} {{currency}}.',
  bonus_active: 'Tidak dapat dilakukan selama Anda memiliki bonus yang aktif atau menunggu.',
  bonus_not_available: 'Bonus ini tidak tersedia untuk Anda.',
  bonus_not_cancellable: 'Bonus ini tidak dapat dibatalkan lagi.',
  freespins_unavailable: 'Putaran gratis Anda untuk game ini sudah habis.',
  daily_bonus_used:
    'Anda sudah menggunakan bonus hari ini. Bonus berikutnya tersedia pukul 00.00 UTC.',
};
