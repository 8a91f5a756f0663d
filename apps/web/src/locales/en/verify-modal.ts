export const verifyModal = {
  back: 'Back',
  wager: {
    error: 'Wagering is not complete yet',
    description: 'Withdrawals open once the wagering requirements of your active bonus are met.',
  },
  personal: {
    error: 'Complete your profile to withdraw',
    description: 'We need your first name, last name, gender and date of birth.',
    to_profile: 'Go to profile',
  },
};
