import type { Translation } from '../translation';

export const policies: Translation['Policies'] = {
  title: 'Syarat penggunaan',
  updated: 'Terakhir diperbarui: 1 November 2025',
  applies_to: 'Syarat ini berlaku untuk situs web {{host}} dan semua layanannya.',
  sections: {
    acceptance_title: '1. Persetujuan',
    acceptance_body:
      'Dengan membuka akun atau menggunakan situs web ini, Anda menyetujui syarat ini. Jika Anda tidak setuju, mohon jangan gunakan layanan kami.',
    eligibility_title: '2. Siapa yang boleh bermain',
    eligibility_body:
      'Anda harus berusia minimal 18 tahun, atau lebih tua jika hukum di negara Anda mengharuskannya. Setiap orang hanya boleh memiliki satu akun. Layanan kami tidak ditawarkan di negara yang melarang perjudian online.',
    account_title: '3. Akun Anda',
    account_body:
      'Pastikan data pribadi Anda akurat dan rahasiakan kata sandi Anda. Kami dapat meminta Anda memverifikasi identitas dan sumber dana sebelum penarikan. Anda bertanggung jawab atas semua aktivitas di akun Anda.',
    payments_title: '4. Deposit dan penarikan',
    payments_body:
      'Gunakan hanya metode pembayaran milik Anda sendiri. Bila memungkinkan, penarikan dilakukan ke metode yang Anda gunakan untuk deposit. Penarikan dapat tertunda selama pemeriksaan keamanan atau identitas berlangsung.',
    bonuses_title: '5. Bonus',
    bonuses_body:
      'Setiap bonus memiliki syaratnya sendiri: syarat taruhan, taruhan maksimum, dan batas waktu. Dana bonus hanya dapat ditarik setelah syaratnya terpenuhi. Penyalahgunaan bonus membatalkan bonus beserta kemenangannya.',
    fair_play_title: '6. Permainan yang adil',
    fair_play_body:
      'Dilarang menggunakan banyak akun, berkolusi, bermain secara otomatis, memanfaatkan kesalahan perangkat lunak, menyerang layanan kami, dan menebak kata sandi. Kami dapat memblokir akun yang melanggar aturan ini; alasannya ditampilkan saat Anda masuk.',
    responsible_title: '7. Permainan yang bertanggung jawab',
    responsible_body:
      'Bermainlah hanya dengan uang yang sanggup Anda relakan bila hilang. Hubungi dukungan kapan saja untuk menetapkan batas, beristirahat, atau mengecualikan diri Anda dari permainan.',
    liability_title: '8. Tanggung jawab dan perubahan',
    liability_body:
      'Malfungsi membatalkan semua taruhan dan pembayaran yang terdampak. Kami dapat memperbarui syarat ini; perubahan penting diumumkan di situs web sebelum mulai berlaku.',
    contact_title: '9. Kontak',
    contact_body: 'Tim dukungan kami siap 24/7 melalui chat langsung, bot dukungan, dan {{email}}.',
  },
};
