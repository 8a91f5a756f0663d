import type { Translation } from '../translation';

export const auth: Translation['Auth'] = {
  login_title: 'Selamat datang kembali',
  login_subtitle: 'Masuk untuk bermain, mengisi saldo, dan mengklaim bonus Anda.',
  register_title: 'Buat akun Anda',
  register_subtitle: 'Hanya butuh beberapa detik. Bonus selamat datang menanti Anda.',
  email: 'E-mail',
  email_placeholder: 'nama@example.com',
  password: 'Kata sandi',
  password_placeholder: 'Kata sandi Anda',
  password_hint: 'Minimal 8 karakter. Jangan gunakan kata sandi umum atau e-mail Anda.',
  show_password: 'Tampilkan karakter yang diketik',
  hide_password: 'Sembunyikan karakter yang diketik',
  submit_login: 'Masuk',
  submit_register: 'Buat akun',
  terms_notice:
    'Dengan membuat akun, Anda menyatakan berusia 18+ dan menyetujui <terms>syarat penggunaan</terms>.',
  login_success: 'Selamat datang kembali!',
  register_success: 'Akun Anda sudah siap. Semoga beruntung!',
  login_tab: 'Masuk',
  register_tab: 'Pendaftaran',
};
