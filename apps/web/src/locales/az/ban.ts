import type { Translation } from '../translation';

export const ban: Translation['Ban'] = {
  title: 'Hesabınız bloklanıb',
  description: 'Bu hesab üçün oyunlara, ödənişlərə və bonuslara giriş məhdudlaşdırılıb.',
  user_id: 'İstifadəçi ID-niz',
  reason_label: 'Səbəb',
  reason: {
    ddos: 'Şübhəli avtomatlaşdırılmış trafik',
    multiaccounting: 'Bir şəxsə məxsus bir neçə hesab',
    bruteforce: 'Şifrənin təkrar-təkrar təxmin edilməsi',
    kyc: 'Şəxsiyyət yoxlamasından keçilməyib',
    bonus_abuse: 'Bonuslardan sui-istifadə',
    psg: 'Məsuliyyətli oyun məhdudiyyəti',
    restricted_geo: 'Məhdudlaşdırılmış regiondan giriş',
    save_balance_check: 'Balansın təhlükəsizlik yoxlaması',
    other: 'İstifadə şərtlərinin pozulması',
  },
  terms: 'İstifadə şərtləri',
  contact_support: 'Dəstəyə yaz',
  appeal:
    'Bunun səhv olduğunu düşünürsünüzsə, dəstək xidmətinə yazın və istifadəçi ID-nizi qeyd edin.',
};
