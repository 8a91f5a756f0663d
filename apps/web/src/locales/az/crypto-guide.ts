import type { Translation } from '../translation';

export const cryptoGuide: Translation['CryptoGuide'] = {
  title: 'Kriptovalyutanı necə almaq olar',
  entry: 'Kripto necə alınır',
  description:
    'Bu servislərdən birində kriptovalyuta alın, sonra onu pul kisəsindən depozit ünvanınıza göndərin.',
  services_label: 'Servislər',
  open_service: '{{name}} servisini aç',
  buy_title: 'Necə almaq olar',
  send_title: 'Kazinoya necə göndərmək olar',
  steps_title: 'Addım-addım',
  video_title: 'Video təlimat',
  video_label: 'Video təlimat: {{name}}',
  warning:
    'Yalnız depozit ekranında göstərilən koini və şəbəkəni göndərin. Başqa şəbəkədə göndərilən koinlər gəlib çatmır və onları geri qaytarmaq mümkün deyil.',
  send: {
    same_network:
      'Kazinonun depozit ekranındakı eyni koini və eyni şəbəkəni seçin (məsələn, USDT və TRC20).',
    paste_address:
      'Kazino pul kisəsindəki depozit ünvanını kopyalayın və alıcı ünvanı kimi yapışdırın. İlk və son simvolları yoxlayın.',
    memo: 'Kazino memo (şərh, teq) göstərirsə, onu da daxil edin: onsuz depozit hesaba yazıla bilməz.',
    confirm: 'Məbləği daxil edin, şəbəkə komissiyasını yoxlayın və köçürməni təsdiqləyin.',
    confirmations:
      'Şəbəkə təsdiqlərini gözləyin: balansınız avtomatik, adətən bir neçə dəqiqə ərzində artırılır.',
  },
  services: {
    aggregator: {
      kind: 'Mübadilə məntəqələri aqreqatoru',
      intro:
        'Aqreqator yüzlərlə mübadilə məntəqəsini müqayisə edir və pulunuza kimin daha çox kriptovalyuta verdiyini göstərir. Mübadilənin özü seçdiyiniz məntəqədə baş verir.',
      buy_1:
        'Nə verdiyinizi (məsələn, öz valyutanızda bank kartı) və nə aldığınızı seçin: lazım olan şəbəkədə USDT.',
      buy_2: 'Yaxşı məzənnəsi, kifayət qədər ehtiyatı və yaxşı rəyləri olan məntəqə seçin.',
      buy_3: 'Məntəqənin saytına keçin və sifariş formasını doldurun.',
      send_service:
        'Sifarişi məntəqənin göstərişinə uyğun ödəyin: o, kriptovalyutanı birbaşa göstərdiyiniz ünvana göndərir.',
    },
    exchange: {
      kind: 'Kripto birja',
      intro: 'Böyük birja: USDT-ni kartla və ya P2P bazarında alın, sonra kazinoya çıxarın.',
      buy_1: 'Qeydiyyatdan keçin və birjanın şəxsiyyət yoxlamasından keçin.',
      buy_2:
        '«Kripto al» bölməsini açıb kartla ödəyin və ya P2P bazarında yüksək reytinqli satıcı seçin.',
      buy_3: 'Ödənişdən sonra koinlər hesab balansınızda görünəcək.',
      send_service: '«Aktivlər» bölməsini açın, «Çıxar» düyməsinə toxunun və koini seçin.',
    },
    'crypto-bot': {
      kind: 'Messencerdə kripto bot',
      intro:
        'Birbaşa messencerdə pul kisəsi botu, əlavə tətbiq lazım deyil: onu işə salın, kriptovalyuta alın və bir neçə toxunuşla göndərin.',
      buy_1: 'Messencerdə botu tapın və «Başla» düyməsinə toxunun.',
      buy_2: '«Pul kisəsi»ni açın, «Artır» düyməsinə toxunun və koini seçin, məsələn USDT.',
      buy_3: 'Onu kartla və ya botun P2P bazarında alın, yaxud başqa pul kisəsindən qəbul edin.',
      send_service: '«Pul kisəsi»ni açın, «Çıxar» düyməsinə toxunun və koini seçin.',
      tip: 'Kazino pul kisəsi ödənişi birbaşa bu botdan da qəbul edir: «Depozit» tabında kripto botu seçin və ödəniş hesabını botda ödəyin.',
    },
    'messenger-wallet': {
      kind: 'Messencerə daxil edilmiş pul kisəsi',
      intro:
        'Messencerin öz pul kisəsi: onu messencer menyusundan açın. TON şəbəkəsində USDT və TON üçün əlverişlidir.',
      buy_1: 'Messencer menyusundan «Pul kisəsi»ni açın və kripto pul kisəsini aktivləşdirin.',
      buy_2: '«Kripto əlavə et» düyməsinə toxunub kartla alın və ya P2P bazarından istifadə edin.',
      buy_3: 'Koinlər pul kisəsinin balansında görünənə qədər gözləyin.',
      send_service:
        '«Göndər» düyməsinə toxunun, koini seçin, sonra ünvan üzrə xarici pul kisəsinə göndərin.',
    },
    'self-custody': {
      kind: 'Qeyri-kastodial pul kisəsi: TON və digər şəbəkələr',
      intro:
        'Açarları yalnız sizdə olan pul kisəsi. TON, TON şəbəkəsində USDT və digər şəbəkələrlə işləyir.',
      buy_1: 'Tətbiqi quraşdırın və yeni pul kisəsi yaradın.',
      buy_2:
        'Bərpa ifadəsini kağıza yazın və etibarlı yerdə saxlayın: onu sizin yerinizə heç kim bərpa edə bilməz.',
      buy_3: 'TON və ya USDT-ni tətbiqdə alın, yaxud birjadan pul kisəsi ünvanınıza qəbul edin.',
      send_service: '«Göndər» düyməsinə toxunun və koini seçin.',
      tip: 'TON üçün kazino pul kisəsi bu pul kisəsini birbaşa qoşub ödəniş istəyə bilər: «Depozit» tabında TON seçin.',
    },
  },
  image: {
    label: 'Addım {{number}}: {{text}}',
    step: 'Addım {{number}}',
    captions: {
      aggregator_1: 'Nə verib nə alacağınızı seçin, məntəqələri müqayisə edin',
      aggregator_2: 'Kazinodakı şəbəkədə USDT seçin',
      aggregator_3: 'Kazino ünvanını alıcı kimi yapışdırın',
      aggregator_4: 'Ödəyin və təsdiqləri gözləyin',
      exchange_1: 'USDT-ni kartla və ya P2P-də alın',
      exchange_2: '«Aktivlər»i açın və «Çıxar»a toxunun',
      exchange_3: 'Koini və eyni şəbəkəni seçin',
      exchange_4: 'Ünvanı yapışdırın, köçürməni təsdiqləyin',
      'crypto-bot_1': 'Botu işə salın və «Pul kisəsi»ni açın',
      'crypto-bot_2': 'Artırın: USDT-ni kartla alın',
      'crypto-bot_3': 'Çıxarış: eyni şəbəkəni seçin',
      'crypto-bot_4': 'Ünvanı yapışdırın və təsdiqləyin',
      'messenger-wallet_1': 'Messencerdə «Pul kisəsi»ni açın',
      'messenger-wallet_2': 'Kartla və ya P2P ilə kripto əlavə edin',
      'messenger-wallet_3': 'Ünvana göndərin, memo əlavə edin',
      'messenger-wallet_4': 'Təsdiqləri gözləyin',
      'self-custody_1': 'Pul kisəsi yaradın, ifadəni saxlayın',
      'self-custody_2': 'Tətbiqdə TON və ya USDT alın',
      'self-custody_3': 'Göndərin: ünvanı və memonu yapışdırın',
      'self-custody_4': 'Təsdiqləyin və şəbəkəni gözləyin',
    },
    ui: {
      you_give: 'Verirsiniz',
      you_get: 'Alırsınız',
      fiat_example: '170 AZN',
      card: 'Bank kartı',
      exchangers: 'Mübadilə məntəqələri',
      best_rate: 'Ən yaxşı məzənnə',
      amount: 'Məbləğ',
      p2p: 'P2P bazarı',
      buy: 'Al',
      balance: 'Balans',
      top_up: 'Artır',
      withdraw: 'Çıxar',
      assets: 'Aktivlər',
      coin: 'Koin',
      network: 'Şəbəkə',
      same_network: 'kazinodakı kimi',
      address: 'Ünvan',
      paste: 'Yapışdır',
      memo: 'Memo / şərh',
      fee: 'Şəbəkə komissiyası',
      confirm: 'Təsdiqlə',
      sent: 'Göndərildi',
      confirmations: 'Təsdiqlər',
      bot_greeting: 'Salam! Burada kripto ala, göndərə və qəbul edə bilərsiniz.',
      open_wallet: 'Pul kisəsini aç',
      send: 'Göndər',
      start: 'Başla',
      recovery_phrase: 'Bərpa ifadəsi',
      create_wallet: 'Pul kisəsi yarat',
    },
  },
};
