import type { Translation } from '../translation';

export const errors: Translation['Errors'] = {
  network: 'Немає з’єднання із сервером. Перевірте інтернет і спробуйте ще раз.',
  internal_error: 'На нашому боці щось пішло не так. Спробуйте ще раз.',
  service_unavailable: 'Сервіс тимчасово недоступний. Спробуйте трохи згодом.',
  validation_error: 'Перевірте виділені поля.',
  invalid_credentials: 'Неправильний e-mail або пароль.',
  invalid_init_data: 'Вхід через месенджер застарів. Відкрийте застосунок із бота знову.',
  invalid_bot: 'Це не наш бот. Відкрийте казино через наш офіційний бот.',
  email_taken: 'Акаунт із таким e-mail уже існує. Можливо, увійти?',
  unauthorized: 'Сеанс завершено. Увійдіть знову.',
  forbidden: 'У вас немає доступу до цієї дії.',
  cross_origin_request:
    'Дію заблоковано, бо запит надійшов не з цього сайту. Перезавантажте сторінку й спробуйте ще раз.',
  not_found: 'Не знайдено.',
  name_change_unavailable:
    'Ім’я більше не можна змінити тут. Зверніться до підтримки, якщо його потрібно виправити.',
  rate_limited: 'Забагато спроб. Повторіть через {{retryAfterSeconds}}\u00a0с.',
  server_busy:
    'Зараз у систему входить дуже багато гравців. Повторіть через {{retryAfterSeconds}}\u00a0с.',
  payload_too_large: 'Запит завеликий.',
  bad_request: 'Не вдалося обробити запит.',
  round_not_open: 'Цей раунд уже завершено.',
  round_in_progress: 'Спершу завершіть поточний раунд.',
  bet_out_of_limits: 'Ставка виходить за ліміти гри.',
  turbine_not_available: 'Колесо удачі недоступне',
  promo_code_not_found: 'Такого промокоду немає. Перевірте написання.',
  promo_code_expired: 'Цей промокод зараз не діє.',
  promo_code_exhausted: 'Ліміт активацій цього промокоду вичерпано.',
  promo_code_already_used: 'Ви вже використали цей промокод.',
  promo_code_not_eligible: 'Цей промокод вам недоступний.',
  bonus_max_bet_exceeded:
    'Поки бонус відіграється, ставка не може перевищувати {{maxBet}} {{currency}}.',
  bonus_active: 'Це неможливо, поки у вас є активний бонус або бонус в очікуванні.',
  bonus_not_available: 'Цей бонус вам недоступний.',
  bonus_not_cancellable: 'Цей бонус уже не можна скасувати.',
  freespins_unavailable: 'У вас не залишилося фриспінів для цієї гри.',
  daily_bonus_used:
    'Ви вже використали сьогоднішній бонус. Наступний стане доступним опівночі за UTC.',
};
