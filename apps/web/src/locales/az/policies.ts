import type { Translation } from '../translation';

export const policies: Translation['Policies'] = {
  title: 'İstifadə şərtləri',
  updated: 'Son yenilənmə: 1 noyabr 2025',
  applies_to: 'Bu şərtlər {{host}} saytına və onun bütün xidmətlərinə şamil edilir.',
  sections: {
    acceptance_title: '1. Qəbul',
    acceptance_body:
      'Hesab açmaqla və ya saytdan istifadə etməklə bu şərtlərlə razılaşırsınız. Razı deyilsinizsə, xahiş edirik, xidmətlərimizdən istifadə etməyin.',
    eligibility_title: '2. Kim oynaya bilər',
    eligibility_body:
      'Ən azı 18 yaşınız olmalıdır, ölkənizin qanunu tələb edirsə, daha çox. Hər şəxsə yalnız bir hesab açmağa icazə verilir. Xidmətlərimiz onlayn qumar oyunlarının qadağan olunduğu ölkələrdə təklif edilmir.',
    account_title: '3. Hesabınız',
    account_body:
      'Şəxsi məlumatlarınızı dəqiq saxlayın və şifrənizi gizli saxlayın. Pul çıxarışından əvvəl şəxsiyyətinizi və vəsaitin mənbəyini təsdiqləməyinizi xahiş edə bilərik. Hesabınızdakı bütün fəaliyyətə görə siz məsuliyyət daşıyırsınız.',
    payments_title: '4. Depozitlər və çıxarışlar',
    payments_body:
      'Yalnız sizə məxsus ödəniş üsullarından istifadə edin. Mümkün olduqda pul depozit etdiyiniz üsula çıxarılır. Təhlükəsizlik və ya şəxsiyyət yoxlaması davam etdiyi müddətdə çıxarışlar gecikə bilər.',
    bonuses_title: '5. Bonuslar',
    bonuses_body:
      'Hər bonusun öz şərtləri var: oynatma tələbi, maksimal mərc və müddət. Bonus pulu yalnız şərtlər yerinə yetirildikdən sonra çıxarıla bilər. Bonuslardan sui-istifadə bonusu və onunla əldə edilmiş uduşları ləğv edir.',
    fair_play_title: '6. Ədalətli oyun',
    fair_play_body:
      'Bir neçə hesab, sövdələşmə, avtomatlaşdırılmış oyun, proqram xətalarından istifadə, xidmətlərimizə hücumlar və şifrə təxmini qadağandır. Bu qaydaları pozan hesabı bloklaya bilərik; səbəb daxil olduğunuz zaman göstərilir.',
    responsible_title: '7. Məsuliyyətli oyun',
    responsible_body:
      'Yalnız itirməyə razı olduğunuz pulla oynayın. Limit təyin etmək, fasilə vermək və ya özünüzü oyundan kənarlaşdırmaq üçün istənilən vaxt dəstək xidmətinə müraciət edin.',
    liability_title: '8. Məsuliyyət və dəyişikliklər',
    liability_body:
      'Nasazlıq təsirlənən bütün mərcləri və ödənişləri etibarsız edir. Bu şərtləri yeniləyə bilərik; əhəmiyyətli dəyişikliklər qüvvəyə minməzdən əvvəl saytda elan edilir.',
    contact_title: '9. Əlaqə',
    contact_body:
      'Dəstək komandamız canlı çat, dəstək botu və {{email}} vasitəsilə 24/7 əlçatandır.',
  },
};
