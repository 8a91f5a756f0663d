export const support = {
  title: 'Support 24/7',
  card_text: 'We answer day and night, usually within minutes.',
  write: 'Write',
  modal_title: 'Contact support',
  modal_description: 'Choose the way that suits you. We answer around the clock.',
  live_chat: 'Live chat',
  live_chat_hint: 'Chat with an agent right now',
  bot: 'Support bot',
  bot_hint: 'Write to us in the messenger',
  email: 'E-mail',
  email_hint: 'For documents and detailed requests',
  copy_email: 'Copy e-mail',
};
