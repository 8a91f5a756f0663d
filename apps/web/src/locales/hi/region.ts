import type { Translation } from '../translation';

export const region: Translation['Region'] = {
  title: 'आपके क्षेत्र में उपलब्ध नहीं',
  description: 'आपके देश के कानूनों के तहत हम यहाँ अपनी सेवाएँ नहीं दे सकते। आपका पैसा सुरक्षित है।',
  country: 'देश',
  unknown_country: 'अज्ञात',
  ip: 'आपका IP पता',
  retry: 'फिर से कोशिश करें',
  community: 'हमारे समुदाय से जुड़े रहें',
};
