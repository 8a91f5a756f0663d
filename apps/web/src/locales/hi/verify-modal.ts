import type { Translation } from '../translation';

export const verifyModal: Translation['VerifyModal'] = {
  back: 'वापस',
  wager: {
    error: 'वेजरिंग अभी पूरी नहीं हुई है',
    description: 'आपके सक्रिय बोनस की वेजरिंग शर्तें पूरी होने पर निकासी उपलब्ध होगी।',
  },
  personal: {
    error: 'निकासी के लिए अपनी प्रोफ़ाइल पूरी करें',
    description: 'हमें आपका पहला नाम, उपनाम, लिंग और जन्म तिथि चाहिए।',
    to_profile: 'प्रोफ़ाइल पर जाएँ',
  },
};
