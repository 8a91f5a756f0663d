import type { Translation } from '../translation';

export const connection: Translation['Connection'] = {
  title: 'Байланыс тұрақсыз',
  description:
    'Қазір серверлерімізбен байланысу мүмкін болмай тұр. Интернет байланысын тексеріп, бетті қайта жүктеңіз.',
  reload: 'Бетті қайта жүктеу',
  invalid_bot: {
    title: 'Жарамсыз бот',
    description:
      'Қолданба біз танымайтын боттан ашылды. Казиноны мессенджердегі ресми ботымыз арқылы ашыңыз.',
  },
};
