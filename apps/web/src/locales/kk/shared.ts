import type { Translation } from '../translation';

export const shared: Translation['Shared'] = {
  copy: 'Көшіру',
  copy_success: 'Алмасу буферіне көшірілді',
  copy_failed: 'Көшіру мүмкін болмады. Мәтінді белгілеп, қолмен көшіріңіз.',
  close: 'Жабу',
  retry: 'Қайталау',
  loading: 'Жүктелуде…',
  temporary_difficulties:
    'Бірдеңе дұрыс болмады. Бізде уақытша қиындықтар бар, сәл кейінірек қайталап көріңіз.',
  still_working: 'Сәл ғана күтіңіз, шыдамдылығыңызға рахмет…',
  back_to_casino: 'Казиноға оралу',
  select_placeholder: 'Таңдаңыз…',
  search_placeholder: 'Іздеу үшін теріңіз…',
  nothing_found: 'Ештеңе табылмады',
  selected_count: 'Таңдалды: {{count}}',
  maximum_reached: 'Ең көбі {{maximum}} таңдауға болады',
  scroll_to_top: 'Жоғарыға',
  opens_in_new_tab: '(жаңа қойындыда ашылады)',
  error_reference: 'Қате {{key}} · {{time}}',
  countdown_days: 'күн',
  countdown_hours: 'сағ',
  countdown_minutes: 'мин',
  countdown_seconds: 'сек',
  countdown_label: 'Қалған уақыт',
};
