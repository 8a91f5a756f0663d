import type { Translation } from '../translation';

export const header: Translation['Header'] = {
  home: 'होम',
  login: 'लॉग इन',
  register: 'रजिस्टर करें',
  top_up: 'डिपॉज़िट',
  balance: 'बैलेंस',
  search: 'खोजें',
  bonuses: 'बोनस',
  profile: 'प्रोफ़ाइल',
  vip: 'VIP',
  complete_profile: 'अपनी प्रोफ़ाइल पूरी करें',
};
