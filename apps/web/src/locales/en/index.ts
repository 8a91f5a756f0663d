import { auth } from './auth';
import { balance } from './balance';
import { ban } from './ban';
import { banners } from './banners';
import { betSlip } from './bet-slip';
import { bonuses } from './bonuses';
import { connection } from './connection';
import { cryptoGuide } from './crypto-guide';
import { errors } from './errors';
import { header } from './header';
import { latestBets } from './latest-bets';
import { originals } from './originals';
import { pages } from './pages';
import { policies } from './policies';
import { portal } from './portal';
import { profile } from './profile';
import { promo } from './promo';
import { region } from './region';
import { responsibleGambling } from './responsible-gambling';
import { shared } from './shared';
import { sidebar } from './sidebar';
import { sportsbook } from './sportsbook';
import { support } from './support';
import { tournaments } from './tournaments';
import { validation } from './validation';
import { verifyModal } from './verify-modal';
import { wallet } from './wallet';
import { webPush } from './web-push';
import { wheel } from './wheel';

/**
 * English: the source of every key, one file per namespace (the key's first segment). Every
 * other language is checked against this shape (`../translation.ts`, `../locales.test.ts`).
 */
export const en = {
  Shared: shared,
  Validation: validation,
  Errors: errors,
  Header: header,
  Sidebar: sidebar,
  Auth: auth,
  Profile: profile,
  Ban: ban,
  Region: region,
  Connection: connection,
  Support: support,
  WebPush: webPush,
  balance: balance,
  VerifyModal: verifyModal,
  wallet: wallet,
  Pages: pages,
  Tournaments: tournaments,
  Wheel: wheel,
  Promo: promo,
  LatestBets: latestBets,
  Originals: originals,
  Bonuses: bonuses,
  Portal: portal,
  Policies: policies,
  CryptoGuide: cryptoGuide,
  Banners: banners,
  Sportsbook: sportsbook,
  BetSlip: betSlip,
  responsibleGambling: responsibleGambling,
};
