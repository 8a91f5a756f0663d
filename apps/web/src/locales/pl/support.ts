import type { Translation } from '../translation';

export const support: Translation['Support'] = {
  title: 'Obsługa klienta 24/7',
  card_text: 'Odpowiadamy w dzień i w nocy, zwykle w ciągu kilku minut.',
  write: 'Napisz',
  modal_title: 'Kontakt z obsługą klienta',
  modal_description: 'Wybierz wygodny dla siebie sposób. Odpowiadamy całą dobę.',
  live_chat: 'Czat na żywo',
  live_chat_hint: 'Porozmawiaj z konsultantem od razu',
  bot: 'Bot obsługi klienta',
  bot_hint: 'Napisz do nas w komunikatorze',
  email: 'E-mail',
  email_hint: 'W sprawie dokumentów i szczegółowych zapytań',
  copy_email: 'Kopiuj e-mail',
};
