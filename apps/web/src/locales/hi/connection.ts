import type { Translation } from '../translation';

export const connection: Translation['Connection'] = {
  title: 'अस्थिर कनेक्शन',
  description: 'अभी हम अपने सर्वर तक नहीं पहुँच पा रहे हैं। अपना इंटरनेट कनेक्शन जाँचें और पेज रीलोड करें।',
  reload: 'पेज रीलोड करें',
  invalid_bot: {
    title: 'अमान्य बॉट',
    description:
      'यह ऐप ऐसे बॉट से खोला गया है जिसे हम नहीं पहचानते। कैसीनो को मैसेंजर में हमारे आधिकारिक बॉट से खोलें।',
  },
};
