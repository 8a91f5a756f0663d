import type { Translation } from '../translation';

export const connection: Translation['Connection'] = {
  title: 'अस्थिर कनेक्शन',
  description: 'अभी हम अपने सर्वर तक नहीं पहुँच पा रहे हैं। अपना इंटरनेट कनेक्शन जाँचें और पेज रीलोड करें।',
  reload: 'पेज रीलोड करें',
};
