import type { Translation } from '../translation';

export const shared: Translation['Shared'] = {
  copy: 'कॉपी करें',
  copy_success: 'क्लिपबोर्ड पर कॉपी हो गया',
  copy_failed: 'कॉपी नहीं हो सका। टेक्स्ट चुनें और उसे खुद कॉपी करें।',
  close: 'बंद करें',
  retry: 'फिर से कोशिश करें',
  loading: 'लोड हो रहा है…',
  temporary_difficulties:
    'कुछ गड़बड़ हो गई। हमें अस्थायी दिक्कतें आ रही हैं, कृपया थोड़ी देर बाद फिर से कोशिश करें।',
  still_working: 'अभी काम चल रहा है, इंतज़ार करने के लिए धन्यवाद…',
  back_to_casino: 'कैसीनो पर वापस जाएँ',
  select_placeholder: 'चुनें…',
  search_placeholder: 'खोजने के लिए टाइप करें…',
  nothing_found: 'कुछ नहीं मिला',
  selected_count: 'चुने गए: {{count}}',
  maximum_reached: 'आप अधिकतम {{maximum}} चुन सकते हैं',
  scroll_to_top: 'ऊपर जाएँ',
  opens_in_new_tab: '(नए टैब में खुलता है)',
  error_reference: 'त्रुटि {{key}} · {{time}}',
  countdown_days: 'दि',
  countdown_hours: 'घं',
  countdown_minutes: 'मि',
  countdown_seconds: 'से',
  countdown_label: 'शेष समय',
};
