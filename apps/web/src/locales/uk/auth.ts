import type { Translation } from '../translation';

export const auth: Translation['Auth'] = {
  login_title: 'З поверненням',
  login_subtitle: 'Увійдіть, щоб грати, поповнювати баланс і отримувати бонуси.',
  register_title: 'Створіть акаунт',
  register_subtitle: 'Це займе кілька секунд. На вас уже чекають вітальні бонуси.',
  email: 'E-mail',
  email_placeholder: 'you@example.com',
  password: 'Пароль',
  password_placeholder: 'Ваш пароль',
  password_hint: 'Щонайменше 8 символів. Не поширений пароль і не ваш e-mail.',
  show_password: 'Показати пароль',
  hide_password: 'Приховати пароль',
  submit_login: 'Увійти',
  submit_register: 'Створити акаунт',
  terms_notice:
    'Створюючи акаунт, ви підтверджуєте, що вам виповнилося 18 років, і приймаєте <terms>умови використання</terms>.',
  login_success: 'З поверненням!',
  register_success: 'Акаунт створено. Хай щастить!',
  login_tab: 'Вхід',
  register_tab: 'Реєстрація',
};
