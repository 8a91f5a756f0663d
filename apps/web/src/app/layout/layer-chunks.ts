/**
 * The lazily loaded layers' chunks, named once: `lazy()` in the shell and the preloads on intent
 * (a hover over the sign-in or top-up button) fetch the same module.
 */
export const loadWalletDialog = () => import('./app-wallet-dialog');
export const loadAuthDialog = () => import('@/features/auth/components/auth-dialog');
export const loadCryptoGuide = () =>
  import('@/features/crypto-guide/components/crypto-guide-drawer');
export const loadSlipDrawer = () => import('@/features/sportsbook/slip/slip-layout');
export const loadWheelDialog = () => import('@/features/wheel/components/wheel-dialog');
export const loadBonusDrawer = () => import('@/features/bonuses/components/bonus-drawer');
