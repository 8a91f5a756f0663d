/**
 * The lazily loaded layers' chunks, named once: `lazy()` in the shell and the preloads on intent
 * (a hover over the sign-in or top-up button) fetch the same module, with the later part of the
 * language's texts the layer shows.
 */
import { withLaterTexts } from '@/lib/lazy';

export const loadWalletDialog = () => withLaterTexts(import('./app-wallet-dialog'));
export const loadAuthDialog = () =>
  withLaterTexts(import('@/features/auth/components/auth-dialog'));
export const loadCryptoGuide = () =>
  withLaterTexts(import('@/features/crypto-guide/components/crypto-guide-drawer'));
export const loadSlipDrawer = () =>
  withLaterTexts(import('@/features/sportsbook/slip/slip-layout'));
export const loadWheelDialog = () =>
  withLaterTexts(import('@/features/wheel/components/wheel-dialog'));
export const loadBonusDrawer = () =>
  withLaterTexts(import('@/features/bonuses/components/bonus-drawer'));
