import type { Translation } from '../translation';

export const errors: Translation['Errors'] = {
  network: 'Нет связи с сервером. Проверьте интернет и попробуйте снова.',
  internal_error: 'На нашей стороне что-то пошло не так. Попробуйте ещё раз.',
  service_unavailable: 'Сервис временно недоступен. Попробуйте немного позже.',
  validation_error: 'Проверьте выделенные поля.',
  invalid_credentials: 'Неверный e-mail или пароль.',
  invalid_init_data: 'Вход через мессенджер устарел. Откройте приложение из бота заново.',
  invalid_bot: 'Это не наш бот. Откройте казино через наш официальный бот.',
  email_taken: 'Аккаунт с таким e-mail уже существует. Может быть, войти?',
  unauthorized: 'Сессия завершена. Войдите снова.',
  forbidden: 'У вас нет доступа к этому действию.',
  cross_origin_request:
    'Действие заблокировано: запрос пришёл не с этого сайта. Обновите страницу и попробуйте снова.',
  not_found: 'Не найдено.',
  name_change_unavailable:
    'Имя больше нельзя изменить здесь. Обратитесь в поддержку, если его нужно исправить.',
  rate_limited: 'Слишком много попыток. Повторите через {{retryAfterSeconds}}\u00a0с.',
  server_busy: 'Сейчас входит очень много игроков. Повторите через {{retryAfterSeconds}}\u00a0с.',
  payload_too_large: 'Слишком большой запрос.',
  bad_request: 'Запрос не удалось обработать.',
  round_not_open: 'Этот раунд уже завершён.',
  round_in_progress: 'Сначала завершите текущий раунд.',
  bet_out_of_limits: 'Ставка вне лимитов игры.',
  turbine_not_available: 'Колесо удачи недоступно',
  promo_code_not_found: 'Такого промокода нет. Проверьте написание.',
  promo_code_expired: 'Этот промокод сейчас не действует.',
  promo_code_exhausted: 'Этот промокод уже закончился.',
  promo_code_already_used: 'Вы уже использовали этот промокод.',
  promo_code_not_eligible: 'Этот промокод вам недоступен.',
  bonus_max_bet_exceeded:
    'Пока бонус отыгрывается, ставка не может превышать {{maxBet}} {{currency}}.',
  bonus_active: 'Это невозможно, пока у вас есть активный или ожидающий бонус.',
  bonus_not_available: 'Этот бонус вам недоступен.',
  bonus_not_cancellable: 'Этот бонус уже нельзя отменить.',
  freespins_unavailable: 'Для этой игры у вас не осталось фриспинов.',
  daily_bonus_used: 'Сегодняшний бонус уже использован. Следующий откроется в полночь UTC.',
};
