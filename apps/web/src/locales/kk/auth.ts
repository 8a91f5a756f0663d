import type { Translation } from '../translation';

export const auth: Translation['Auth'] = {
  login_title: 'Қайта оралуыңызбен',
  login_subtitle: 'Ойнау, шотты толтыру және бонустар алу үшін кіріңіз.',
  register_title: 'Аккаунт ашыңыз',
  register_subtitle: 'Бұл бірнеше секундқа ғана созылады. Сізді сәлемдесу бонустары күтіп тұр.',
  email: 'E-mail',
  email_placeholder: 'you@example.com',
  password: 'Құпиясөз',
  password_placeholder: 'Құпиясөзіңіз',
  password_hint: 'Кемінде 8 таңба. Кең таралған құпиясөз немесе e-mail мекенжайыңыз болмауы керек.',
  show_password: 'Құпиясөзді көрсету',
  hide_password: 'Құпиясөзді жасыру',
  submit_login: 'Кіру',
  submit_register: 'Аккаунт ашу',
  terms_notice:
    'Аккаунт ашу арқылы сіз 18 жасқа толғаныңызды растайсыз және <terms>пайдалану шарттарын</terms> қабылдайсыз.',
  login_success: 'Қайта оралуыңызбен!',
  register_success: 'Аккаунтыңыз дайын. Сәттілік тілейміз!',
  login_tab: 'Кіру',
  register_tab: 'Тіркелу',
};
