import type { Translation } from '../translation';

export const portal: Translation['Portal'] = {
  title_vip: 'VIP क्लब',
  title_community: 'समुदाय',
  entry_vip: 'VIP क्लब',
  entry_community: 'समुदाय',
  vip_text: 'आपके VIP संपर्क: निजी मैनेजर, मैसेंजर बॉट और हमेशा काम करने वाला मिरर।',
  community_text: 'हमारे चैनलों में खबरें, प्रोमो कोड और गिवअवे।',
  manager: 'आपका VIP मैनेजर',
  bot: 'मैसेंजर बॉट',
  bot_text: 'सीधे मैसेंजर में खेलें और डिपॉज़िट करें',
  mirror: 'वेब मिरर',
  mirror_text: 'जब मुख्य साइट न खुले, तब के लिए हमारा पता',
  channel_ru: 'रूसी भाषा में चैनल',
  channel_en: 'अंग्रेज़ी भाषा में चैनल',
  channel_text: 'खबरें, प्रोमो कोड और गिवअवे',
};
