/**
 * The welcome bonus (wallet spec §1, §4, §9): one step per deposit over the player's first
 * deposits, the same rule for the server's grant and the drawer's display.
 */

/** Wallet spec §9 "Bonus deposit steps: 4": the welcome bonus is spread over this many deposits. */
export const welcomeStepCount = 4;
