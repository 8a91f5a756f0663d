import type { Translation } from '../translation';

export const ban: Translation['Ban'] = {
  title: 'आपका खाता ब्लॉक कर दिया गया है',
  description: 'इस खाते के लिए गेम, भुगतान और बोनस तक पहुँच सीमित कर दी गई है।',
  user_id: 'आपकी यूज़र ID',
  reason_label: 'कारण',
  reason: {
    ddos: 'संदिग्ध स्वचालित ट्रैफ़िक',
    multiaccounting: 'एक ही व्यक्ति के कई खाते',
    bruteforce: 'बार-बार पासवर्ड का अनुमान लगाना',
    kyc: 'पहचान सत्यापन पूरा नहीं हुआ',
    bonus_abuse: 'बोनस का दुरुपयोग',
    psg: 'ज़िम्मेदार गेमिंग से जुड़ा प्रतिबंध',
    restricted_geo: 'प्रतिबंधित क्षेत्र से एक्सेस',
    save_balance_check: 'बैलेंस की सुरक्षा जाँच',
    other: 'उपयोग की शर्तों का उल्लंघन',
  },
  terms: 'उपयोग की शर्तें',
  contact_support: 'सपोर्ट से संपर्क करें',
  appeal: 'अगर आपको लगता है कि यह गलती है, तो सपोर्ट से संपर्क करें और अपनी यूज़र ID बताएँ।',
};
