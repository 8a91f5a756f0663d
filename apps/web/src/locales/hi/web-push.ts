import type { Translation } from '../translation';

export const webPush: Translation['WebPush'] = {
  refuse_title: 'नोटिफ़िकेशन बंद हैं',
  refuse_description: 'आप इन्हें कभी भी अपने ब्राउज़र की सेटिंग्स में चालू कर सकते हैं।',
};
