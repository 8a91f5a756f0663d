/**
 * Opens a third-party game for a player: returns the provider's launch URL carrying a session
 * token the provider later presents to our seamless-wallet API. Implemented by the seamless
 * wallet module; the catalog only asks for the URL.
 */
export interface ExternalGameLauncher {
  launchUrl(input: {
    userId: string;
    gameId: string;
    externalLaunchUrl: string;
    currency: string;
  }): Promise<string>;
}
