import { AppError } from '../../../lib/app-error.ts';

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

/** The honest launcher of a platform with no third-party provider configured. */
export const noExternalGameLauncher: ExternalGameLauncher = {
  async launchUrl() {
    throw new AppError('game_unavailable', {
      message: 'No third-party game provider is configured on this platform.',
    });
  },
};
