export const policies = {
  title: 'Terms of use',
  updated: 'Last updated: 1 November 2025',
  applies_to: 'These terms apply to the website {{host}} and all its services.',
  sections: {
    acceptance_title: '1. Acceptance',
    acceptance_body:
      'By opening an account or using the website you agree to these terms. If you do not agree, please do not use our services.',
    eligibility_title: '2. Who can play',
    eligibility_body:
      'You must be at least 18 years old, or older if the law of your country requires it. Only one account per person is allowed. Our services are not offered in countries where online gambling is prohibited.',
    account_title: '3. Your account',
    account_body:
      'Keep your personal data accurate and your password secret. We may ask you to verify your identity and the source of funds before a withdrawal. You are responsible for all activity in your account.',
    payments_title: '4. Deposits and withdrawals',
    payments_body:
      'Use only payment methods that belong to you. Withdrawals are made to the method you deposited with whenever possible. Withdrawals may be delayed while a security or identity check is in progress.',
    bonuses_title: '5. Bonuses',
    bonuses_body:
      'Every bonus has its own conditions: wagering requirement, maximum bet and deadline. Bonus money can be withdrawn only after the conditions are met. Abuse of bonuses cancels the bonus and its winnings.',
    fair_play_title: '6. Fair play',
    fair_play_body:
      'Multiple accounts, collusion, automated play, exploiting software errors, attacks on our services and password guessing are forbidden. We may block an account that breaks these rules; the reason is shown when you sign in.',
    responsible_title: '7. Responsible gaming',
    responsible_body:
      'Play only with money you can afford to lose. Contact support at any time to set limits, take a break or exclude yourself from play.',
    liability_title: '8. Liability and changes',
    liability_body:
      'A malfunction voids all affected bets and payouts. We may update these terms; material changes are announced on the website before they take effect.',
    contact_title: '9. Contact',
    contact_body:
      'Our support team is available 24/7 through the live chat, the support bot and {{email}}.',
  },
};
