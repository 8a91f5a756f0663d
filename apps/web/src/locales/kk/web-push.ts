import type { Translation } from '../translation';

export const webPush: Translation['WebPush'] = {
  refuse_title: 'Хабарландырулар өшірулі',
  refuse_description: 'Оларды браузер баптауларынан кез келген уақытта қоса аласыз.',
  prompt_title: 'Хабарландыруларды қосу керек пе?',
  prompt_description:
    'Депозит түскенде, шығару төленгенде, турнир жүлдесін ұтқанда немесе бонус мерзімі біткелі тұрғанда бірден біліңіз.',
  allow: 'Қосу',
  later: 'Қазір емес',
};
