export const header = {
  home: 'Home',
  login: 'Log in',
  register: 'Register',
  top_up: 'Top up',
  balance: 'Balance',
  search: 'Search',
  bonuses: 'Bonuses',
  profile: 'Profile',
  vip: 'VIP',
  complete_profile: 'Complete your profile',
};
