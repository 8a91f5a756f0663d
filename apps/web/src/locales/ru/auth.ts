import type { Translation } from '../translation';

export const auth: Translation['Auth'] = {
  login_title: 'С возвращением',
  login_subtitle: 'Войдите, чтобы играть, пополнять баланс и получать бонусы.',
  register_title: 'Создайте аккаунт',
  register_subtitle: 'Это займёт несколько секунд. Приветственные бонусы уже ждут.',
  email: 'E-mail',
  email_placeholder: 'you@example.com',
  password: 'Пароль',
  password_placeholder: 'Ваш пароль',
  password_hint: 'Не меньше 8 символов. Не распространённый пароль и не ваш e-mail.',
  show_password: 'Показать пароль',
  hide_password: 'Скрыть пароль',
  submit_login: 'Войти',
  submit_register: 'Создать аккаунт',
  terms_notice:
    'Создавая аккаунт, вы подтверждаете, что вам есть 18 лет, и принимаете <terms>условия использования</terms>.',
  login_success: 'С возвращением!',
  register_success: 'Аккаунт создан. Удачи!',
  login_tab: 'Вход',
  register_tab: 'Регистрация',
};
