import type { Translation } from '../translation';

export const promo: Translation['Promo'] = {
  form_title: 'प्रोमो कोड',
  form_hint: 'क्या आपके पास प्रोमो कोड है? उसका फ़ायदा पाने के लिए उसे डालें।',
  code_label: 'प्रोमो कोड',
  code_placeholder: 'कोड डालें',
  activate: 'सक्रिय करें',
  added_title: 'पैसे जोड़ दिए गए',
  added_text: '{{amount}} आपके मुख्य बैलेंस में जोड़ दिए गए हैं।',
  available_title: 'बोनस उपलब्ध है',
  available_text: '{{amount}} का आपका बोनस तैयार है। इसे असली पैसे में बदलने के लिए वेजर करें।',
  have_title: 'आपके पास एक प्रोमो कोड है',
  have_text: 'इस प्रोमो कोड का बोनस पाने के लिए डिपॉज़िट करें।',
  first_deposit_title: 'आपके पहले डिपॉज़िट पर बोनस',
  first_deposit_text: 'अभी डिपॉज़िट करें और यह प्रोमो कोड आपको बोनस देगा।',
  freespins: '{{amount}} के +{{count}} फ़्री स्पिन',
  code: 'आपका कोड',
  to_bonuses: 'मेरे बोनस पर जाएँ',
  top_up: 'डिपॉज़िट करें',
  ok: 'बढ़िया',
};
