import type { Translation } from '../translation';

export const support: Translation['Support'] = {
  title: 'सपोर्ट 24/7',
  card_text: 'हम दिन-रात जवाब देते हैं, आमतौर पर कुछ ही मिनटों में।',
  write: 'लिखें',
  modal_title: 'सपोर्ट से संपर्क करें',
  modal_description: 'अपने लिए सुविधाजनक तरीका चुनें। हम चौबीसों घंटे जवाब देते हैं।',
  live_chat: 'लाइव चैट',
  live_chat_hint: 'अभी किसी एजेंट से चैट करें',
  bot: 'सपोर्ट बॉट',
  bot_hint: 'मैसेंजर में हमें लिखें',
  email: 'ई-मेल',
  email_hint: 'दस्तावेज़ों और विस्तृत अनुरोधों के लिए',
  copy_email: 'ई-मेल कॉपी करें',
};
