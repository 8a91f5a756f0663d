import type { Translation } from '../translation';

export const profile: Translation['Profile'] = {
  title: 'Профіль',
  account: 'Акаунт',
  user_id: 'ID користувача',
  email: 'E-mail',
  language: 'Мова',
  language_hint: 'Мова інтерфейсу та наших повідомлень.',
  personal_data: 'Особисті дані',
  personal_data_hint:
    'Потрібні для виведення коштів. Вкажіть ім’я точно так, як у документі, що посвідчує особу.',
  first_name: 'Ім’я',
  last_name: 'Прізвище',
  gender: 'Стать',
  gender_placeholder: 'Виберіть стать',
  gender_male: 'Чоловіча',
  gender_female: 'Жіноча',
  date_of_birth: 'Дата народження',
  name_locked:
    'Ваше ім’я підтверджено, і його більше не можна змінити. Якщо в ньому помилка, зверніться до підтримки.',
  name_once: 'Ім’я можна вказати лише один раз. Уважно перевірте його перед збереженням.',
  save: 'Зберегти',
  saved: 'Особисті дані збережено',
  sign_out: 'Вийти',
  signed_out: 'Ви вийшли з акаунта',
  deposits_made: 'Здійснено депозитів',
  deposits_sum: 'Сума депозитів',
  vip_player: 'VIP-гравець',
  vip_manager: 'Ваш VIP-менеджер',
  complete_for_withdrawals: 'Заповніть особисті дані, щоб мати змогу виводити кошти.',
  ready_for_withdrawals: 'Особисті дані заповнено.',
};
