import type { Translation } from '../translation';

export const portal: Translation['Portal'] = {
  title_vip: 'VIP klub',
  title_community: 'Hamjamiyat',
  entry_vip: 'VIP klub',
  entry_community: 'Hamjamiyat',
  vip_text: 'VIP kontaktlaringiz: shaxsiy menejer, messenjer boti va doim ishlaydigan koʻzgu sayt.',
  community_text: 'Kanallarimizda yangiliklar, promokodlar va konkurslar.',
  manager: 'Sizning VIP menejeringiz',
  bot: 'Messenjer boti',
  bot_text: 'Toʻgʻridan-toʻgʻri messenjerda oʻynang va hisobni toʻldiring',
  mirror: 'Koʻzgu sayt',
  mirror_text: 'Asosiy sayt ochilmaganda foydalaniladigan manzilimiz',
  channel_ru: 'Rus tilidagi kanal',
  channel_en: 'Ingliz tilidagi kanal',
  channel_text: 'Yangiliklar, promokodlar va konkurslar',
};
