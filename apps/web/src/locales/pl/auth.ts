import type { Translation } from '../translation';

export const auth: Translation['Auth'] = {
  login_title: 'Witaj ponownie',
  login_subtitle: 'Zaloguj się, aby grać, wpłacać środki i odbierać bonusy.',
  register_title: 'Załóż konto',
  register_subtitle: 'To zajmie kilka sekund. Czekają na Ciebie bonusy powitalne.',
  email: 'E-mail',
  email_placeholder: 'ty@example.com',
  password: 'Hasło',
  password_placeholder: 'Twoje hasło',
  password_hint: 'Co najmniej 8 znaków. Nie używaj popularnego hasła ani swojego adresu e-mail.',
  show_password: 'Pokaż wpisane znaki',
  hide_password: 'Ukryj wpisane znaki',
  submit_login: 'Zaloguj się',
  submit_register: 'Załóż konto',
  terms_notice:
    'Zakładając konto, potwierdzasz, że masz ukończone 18 lat i akceptujesz <terms>regulamin</terms>.',
  login_success: 'Witaj ponownie!',
  register_success: 'Twoje konto jest gotowe. Powodzenia!',
  login_tab: 'Logowanie',
  register_tab: 'Rejestracja',
};
