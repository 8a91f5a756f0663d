import type { Translation } from '../translation';

export const webPush: Translation['WebPush'] = {
  refuse_title: 'नोटिफ़िकेशन बंद हैं',
  refuse_description: 'आप इन्हें कभी भी अपने ब्राउज़र की सेटिंग्स में चालू कर सकते हैं।',
  prompt_title: 'नोटिफ़िकेशन चालू करें?',
  prompt_description:
    'डिपॉज़िट आने, निकासी का भुगतान होने, टूर्नामेंट पुरस्कार जीतने या बोनस की समय-सीमा ख़त्म होने से पहले तुरंत जानें।',
  allow: 'चालू करें',
  later: 'अभी नहीं',
};
