/*
 * Zod-free and apart from the channels' names (which the player app's first load takes): the
 * realtime client, loaded after the first paint, takes these without any schema.
 */

/**
 * Close codes the server ends a player's connection with when the player behind it may no longer
 * have it. Centrifugo's rule: from 3500 to 3999 and from 4500 to 4999 the client does not
 * reconnect; from 4000 to 4499 it does. On each of these the app asks `GET /api/v1/me` again,
 * whose answer says what happened (401 `user_banned`: the ban screen; 401 `unauthorized`: the
 * session ended).
 */
export const realtimeCloseCodes = {
  /** Centrifugo's "invalid token": a bad signature, no such player, or the session ended */
  invalidToken: 3500,
  /** the player was banned */
  banned: 4501,
  /** the sign-in session the connection speaks for ended: signed out, or revoked */
  sessionEnded: 4502,
  /**
   * One of the player's sessions ended, and the server cannot tell which connections belong to
   * it (an external Centrifugo knows only the player): every connection of the player gets a
   * fresh token before it reconnects, and only an open session gets one.
   */
  reauthenticate: 4001,
} as const;
