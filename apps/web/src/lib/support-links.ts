import { socialLinks } from '@casino/contract';

export const supportBotUrl = socialLinks.supportBot;
