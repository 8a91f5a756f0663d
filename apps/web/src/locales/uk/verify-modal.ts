import type { Translation } from '../translation';

export const verifyModal: Translation['VerifyModal'] = {
  back: 'Назад',
  wager: {
    error: 'Відіграш ще не завершено',
    description: 'Виведення стане доступним, щойно ви виконаєте умови відіграшу активного бонусу.',
  },
  personal: {
    error: 'Заповніть профіль, щоб вивести кошти',
    description: 'Нам потрібні ваші ім’я, прізвище, стать і дата народження.',
    to_profile: 'Перейти до профілю',
  },
};
