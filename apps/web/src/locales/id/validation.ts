import type { Translation } from '../translation';

export const validation: Translation['Validation'] = {
  required: 'Kolom ini wajib diisi',
  invalid_email: 'Masukkan alamat e-mail yang valid',
  password_too_short: 'Kata sandi minimal 8 karakter',
  password_too_long: 'Kata sandi maksimal 128 karakter',
  password_common:
    'Kata sandi ini terlalu umum atau mudah ditebak. Coba gabungkan beberapa kata yang tidak saling berhubungan.',
  password_like_email:
    'Kata sandi tidak boleh berupa alamat e-mail Anda atau bagian sebelum tanda @',
  password_like_service: 'Kata sandi tidak boleh berupa nama kasino',
  invalid_name: 'Gunakan huruf saja; spasi, tanda hubung, dan apostrof boleh di tengah',
  name_too_long: 'Maksimal 50 karakter',
  invalid_date: 'Masukkan tanggal yang valid',
  underage: 'Anda harus berusia minimal 18 tahun',
  invalid_value: 'Nilai tidak valid',
  unknown_field: 'Kolom ini tidak diterima',
  invalid_characters: 'Teks ini berisi karakter yang tidak diizinkan',
  invalid_country: 'Masukkan kode negara dua huruf',
  invalid_amount: 'Masukkan jumlah yang valid',
  whole_amount: 'Hanya jumlah bulat, tanpa sen',
  minimum_amount: 'Jumlah minimum adalah {{amount}} {{currency}}',
  maximum_amount: 'Jumlah maksimum adalah {{amount}} {{currency}}',
  invalid_phone: 'Masukkan nomor telepon yang valid',
  invalid_card: 'Nomor kartu harus terdiri dari 16 digit',
  invalid_format: 'Format tidak valid',
  invalid_address: 'Alamat ini tidak sesuai dengan format jaringan',
  invalid_full_name_latin: 'Gunakan huruf Latin, spasi, dan tanda hubung saja',
  file_too_large: 'Ukuran file terlalu besar (maksimal 5 MB)',
  invalid_file: 'Pilih file gambar',
  insufficient_balance: 'Saldo Anda tidak cukup, termasuk biaya',
};
