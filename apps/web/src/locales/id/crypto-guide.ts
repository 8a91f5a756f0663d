import type { Translation } from '../translation';

export const cryptoGuide: Translation['CryptoGuide'] = {
  title: 'Cara membeli kripto',
  entry: 'Cara membeli kripto',
  description:
    'Beli kripto di salah satu layanan ini, lalu kirimkan ke alamat deposit Anda dari dompet.',
  services_label: 'Layanan',
  open_service: 'Buka {{name}}',
  buy_title: 'Cara membeli',
  send_title: 'Cara mengirim ke kasino',
  steps_title: 'Langkah demi langkah',
  video_title: 'Panduan video',
  video_label: 'Panduan video: {{name}}',
  warning:
    'Kirim hanya koin dan jaringan yang ditampilkan di layar deposit Anda. Koin yang dikirim melalui jaringan lain tidak akan sampai dan tidak dapat dikembalikan.',
  send: {
    same_network:
      'Pilih koin yang sama dan jaringan yang sama seperti di layar deposit kasino (misalnya USDT dan TRC20).',
    paste_address:
      'Salin alamat deposit dari dompet kasino dan tempelkan sebagai alamat penerima. Periksa karakter pertama dan terakhirnya.',
    memo: 'Jika kasino menampilkan memo (komentar, tag), masukkan juga: tanpa memo, deposit tidak dapat dikreditkan.',
    confirm: 'Masukkan jumlah, periksa biaya jaringan, dan konfirmasi transfer.',
    confirmations:
      'Tunggu konfirmasi jaringan: saldo Anda dikreditkan secara otomatis, biasanya dalam beberapa menit.',
  },
  services: {
    aggregator: {
      kind: 'Agregator penukaran',
      intro:
        'Agregator membandingkan ratusan tempat penukaran dan menunjukkan siapa yang memberi kripto paling banyak untuk uang Anda. Penukarannya sendiri dilakukan di tempat penukaran yang Anda pilih.',
      buy_1:
        'Pilih apa yang Anda berikan (misalnya kartu bank dalam mata uang Anda) dan apa yang Anda terima: USDT di jaringan yang dibutuhkan.',
      buy_2: 'Pilih tempat penukaran dengan kurs bagus, cadangan cukup, dan ulasan baik.',
      buy_3: 'Buka tempat penukaran itu dan isi formulir pesanannya.',
      send_service:
        'Bayar pesanan sesuai petunjuk tempat penukaran: kripto akan dikirim langsung ke alamat yang Anda berikan.',
    },
    exchange: {
      kind: 'Bursa kripto',
      intro: 'Bursa besar: beli USDT dengan kartu atau di pasar P2P, lalu tarik ke kasino.',
      buy_1: 'Daftar dan selesaikan verifikasi identitas di bursa.',
      buy_2:
        'Buka “Beli kripto” dan bayar dengan kartu, atau pilih penjual dengan rating tinggi di pasar P2P.',
      buy_3: 'Setelah Anda membayar, koin akan muncul di saldo akun Anda.',
      send_service: 'Buka “Aset”, ketuk “Tarik”, lalu pilih koinnya.',
    },
    'crypto-bot': {
      kind: 'Bot kripto di messenger',
      intro:
        'Bot dompet langsung di messenger, tanpa aplikasi tambahan: jalankan bot, beli kripto, dan kirim dengan beberapa ketukan.',
      buy_1: 'Cari bot di messenger dan ketuk “Mulai”.',
      buy_2: 'Buka “Dompet”, ketuk “Isi saldo”, lalu pilih koin, misalnya USDT.',
      buy_3: 'Beli dengan kartu atau di pasar P2P bot, atau terima dari dompet lain.',
      send_service: 'Buka “Dompet”, ketuk “Tarik”, lalu pilih koinnya.',
      tip: 'Dompet kasino juga bisa menerima pembayaran langsung dari bot ini: pilih bot kripto di tab “Deposit” dan bayar tagihannya di bot.',
    },
    'messenger-wallet': {
      kind: 'Dompet bawaan messenger',
      intro:
        'Dompet milik messenger itu sendiri: buka dari menu messenger. Praktis untuk USDT dan TON di jaringan TON.',
      buy_1: 'Buka “Dompet” dari menu messenger dan aktifkan dompet kripto.',
      buy_2: 'Ketuk “Tambah kripto” lalu beli dengan kartu, atau gunakan pasar P2P.',
      buy_3: 'Tunggu hingga koin muncul di saldo dompet.',
      send_service: 'Ketuk “Kirim”, pilih koin, lalu kirim ke dompet eksternal melalui alamat.',
    },
    'self-custody': {
      kind: 'Dompet self-custody: TON dan jaringan lain',
      intro:
        'Dompet yang kuncinya hanya dipegang oleh Anda. Mendukung TON, USDT di jaringan TON, dan jaringan lain.',
      buy_1: 'Pasang aplikasinya dan buat dompet baru.',
      buy_2:
        'Tulis frasa pemulihan di kertas dan simpan dengan aman: tidak ada yang bisa memulihkannya untuk Anda.',
      buy_3: 'Beli TON atau USDT di aplikasi, atau terima dari bursa ke alamat dompet Anda.',
      send_service: 'Ketuk “Kirim” dan pilih koinnya.',
      tip: 'Untuk TON, dompet kasino juga bisa terhubung langsung ke dompet ini dan meminta pembayaran: pilih TON di tab “Deposit”.',
    },
  },
  image: {
    label: 'Langkah {{number}}: {{text}}',
    step: 'Langkah {{number}}',
    captions: {
      aggregator_1: 'Pilih yang Anda berikan dan terima, bandingkan tempat penukaran',
      aggregator_2: 'Pilih USDT di jaringan yang sama dengan kasino',
      aggregator_3: 'Tempel alamat kasino sebagai penerima',
      aggregator_4: 'Bayar dan tunggu konfirmasi',
      exchange_1: 'Beli USDT dengan kartu atau via P2P',
      exchange_2: 'Buka Aset dan ketuk Tarik',
      exchange_3: 'Pilih koin dan jaringan yang sama',
      exchange_4: 'Tempel alamat, konfirmasi transfer',
      'crypto-bot_1': 'Jalankan bot dan buka Dompet',
      'crypto-bot_2': 'Isi saldo: beli USDT dengan kartu',
      'crypto-bot_3': 'Tarik: pilih jaringan yang sama',
      'crypto-bot_4': 'Tempel alamat dan konfirmasi',
      'messenger-wallet_1': 'Buka Dompet di messenger',
      'messenger-wallet_2': 'Tambah kripto dengan kartu atau P2P',
      'messenger-wallet_3': 'Kirim ke alamat, tambahkan memo',
      'messenger-wallet_4': 'Tunggu konfirmasi',
      'self-custody_1': 'Buat dompet, simpan frasanya',
      'self-custody_2': 'Beli TON atau USDT di aplikasi',
      'self-custody_3': 'Kirim: tempel alamat dan memo',
      'self-custody_4': 'Konfirmasi dan tunggu jaringan',
    },
    ui: {
      you_give: 'Anda berikan',
      you_get: 'Anda terima',
      fiat_example: 'Rp1.600.000',
      card: 'Kartu bank',
      exchangers: 'Tempat penukaran',
      best_rate: 'Kurs terbaik',
      amount: 'Jumlah',
      p2p: 'Pasar P2P',
      buy: 'Beli',
      balance: 'Saldo',
      top_up: 'Isi saldo',
      withdraw: 'Tarik',
      assets: 'Aset',
      coin: 'Koin',
      network: 'Jaringan',
      same_network: 'sama dengan kasino',
      address: 'Alamat',
      paste: 'Tempel',
      memo: 'Memo / komentar',
      fee: 'Biaya jaringan',
      confirm: 'Konfirmasi',
      sent: 'Terkirim',
      confirmations: 'Konfirmasi',
      bot_greeting: 'Halo! Di sini Anda bisa membeli, mengirim, dan menerima kripto.',
      open_wallet: 'Buka dompet',
      send: 'Kirim',
      start: 'Mulai',
      recovery_phrase: 'Frasa pemulihan',
      create_wallet: 'Buat dompet',
    },
  },
};
