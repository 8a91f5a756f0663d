import type { Translation } from '../translation';

export const profile: Translation['Profile'] = {
  title: 'Профиль',
  account: 'Аккаунт',
  user_id: 'Пайдаланушы ID',
  email: 'E-mail',
  language: 'Тіл',
  language_hint: 'Интерфейс тілі және біздің хабарламаларымыздың тілі.',
  personal_data: 'Жеке деректер',
  personal_data_hint:
    'Ақша шығару үшін қажет. Атыңызды жеке басты куәландыратын құжаттағыдай дәл енгізіңіз.',
  first_name: 'Аты',
  last_name: 'Тегі',
  gender: 'Жынысы',
  gender_placeholder: 'Жынысты таңдаңыз',
  gender_male: 'Ер',
  gender_female: 'Әйел',
  date_of_birth: 'Туған күні',
  name_locked:
    'Атыңыз расталды, оны енді өзгерту мүмкін емес. Қате болса, қолдау қызметіне жазыңыз.',
  name_once: 'Атыңызды бір рет қана енгізе аласыз. Сақтамас бұрын мұқият тексеріңіз.',
  save: 'Сақтау',
  saved: 'Жеке деректер сақталды',
  sign_out: 'Шығу',
  signed_out: 'Аккаунттан шықтыңыз',
  deposits_made: 'Жасалған депозиттер',
  deposits_sum: 'Депозиттер сомасы',
  vip_player: 'VIP ойыншы',
  vip_manager: 'Сіздің VIP менеджеріңіз',
  complete_for_withdrawals: 'Ақша шығара алу үшін жеке деректеріңізді толтырыңыз.',
  ready_for_withdrawals: 'Жеке деректеріңіз толтырылды.',
};
