import type { Translation } from '../translation';

export const sidebar: Translation['Sidebar'] = {
  navigation: 'मुख्य नेविगेशन',
  casino: 'कैसीनो',
  sport: 'स्पोर्ट्स',
  search: 'खोजें',
  tournaments: 'टूर्नामेंट',
  all_tournaments: 'सभी टूर्नामेंट',
  bonuses: 'बोनस',
  language: 'भाषा',
  expand: 'मेनू खोलें',
  collapse: 'मेनू छोटा करें',
  shortcut: 'Ctrl + B',
  menu: 'मेनू',
  wallet: 'वॉलेट',
  community: 'समुदाय',
  messenger_channel: 'मैसेंजर चैनल',
  x: 'X',
};
