import type { Translation } from '../translation';

export const shared: Translation['Shared'] = {
  copy: 'Salin',
  copy_success: 'Disalin ke papan klip',
  copy_failed: 'Tidak dapat menyalin. Pilih teksnya dan salin secara manual.',
  close: 'Tutup',
  retry: 'Coba lagi',
  loading: 'Memuat…',
  temporary_difficulties:
    'Terjadi kesalahan. Kami sedang mengalami gangguan sementara, silakan coba lagi beberapa saat lagi.',
  still_working: 'Masih diproses, terima kasih sudah menunggu…',
  back_to_casino: 'Kembali ke kasino',
  select_placeholder: 'Pilih…',
  search_placeholder: 'Ketik untuk mencari…',
  nothing_found: 'Tidak ada hasil',
  selected_count: 'Dipilih: {{count}}',
  maximum_reached: 'Anda dapat memilih maksimal {{maximum}}',
  scroll_to_top: 'Gulir ke atas',
  opens_in_new_tab: '(terbuka di tab baru)',
  error_reference: 'Kesalahan {{key}} · {{time}}',
  countdown_days: 'h',
  countdown_hours: 'j',
  countdown_minutes: 'm',
  countdown_seconds: 'd',
  countdown_label: 'Sisa waktu',
};
