import type { Translation } from '../translation';

export const auth: Translation['Auth'] = {
  login_title: 'फिर से स्वागत है',
  login_subtitle: 'खेलने, डिपॉज़िट करने और अपने बोनस पाने के लिए लॉग इन करें।',
  register_title: 'अपना खाता बनाएँ',
  register_subtitle: 'इसमें बस कुछ सेकंड लगते हैं। वेलकम बोनस आपका इंतज़ार कर रहे हैं।',
  email: 'ई-मेल',
  email_placeholder: 'you@example.com',
  password: 'पासवर्ड',
  password_placeholder: 'आपका पासवर्ड',
  password_hint: 'कम से कम 8 अक्षर। कोई आम पासवर्ड या आपका ई-मेल नहीं।',
  show_password: 'टाइप किए गए अक्षर दिखाएँ',
  hide_password: 'टाइप किए गए अक्षर छिपाएँ',
  submit_login: 'लॉग इन',
  submit_register: 'खाता बनाएँ',
  terms_notice:
    'खाता बनाकर आप पुष्टि करते हैं कि आपकी उम्र 18+ है और आप <terms>उपयोग की शर्तें</terms> स्वीकार करते हैं।',
  login_success: 'फिर से स्वागत है!',
  register_success: 'आपका खाता तैयार है। शुभकामनाएँ!',
  login_tab: 'लॉग इन',
  register_tab: 'रजिस्ट्रेशन',
};
