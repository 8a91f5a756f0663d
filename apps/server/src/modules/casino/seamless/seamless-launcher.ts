import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { generateSessionToken, hashSessionToken } from '../../../lib/secret-token.ts';
import type { UsersService } from '../../players/accounts/users.service.ts';
import type { ExternalGameLauncher } from '../games/external-launch.ts';
import type { SeamlessRepository } from './seamless.repository.ts';

export interface SeamlessGameLauncherDependencies {
  repository: SeamlessRepository;
  users: Pick<UsersService, 'getProfile'>;
  clock: Clock;
}

/**
 * Opens a third-party game: a new session token (kept only as its hash) stands for the player,
 * the game and the currency for the provider's wallet calls, and rides on the launch URL with
 * the player id, the currency and the player's language.
 */
export class SeamlessGameLauncher implements ExternalGameLauncher {
  private readonly repository: SeamlessRepository;
  private readonly users: Pick<UsersService, 'getProfile'>;
  private readonly clock: Clock;

  constructor({ repository, users, clock }: SeamlessGameLauncherDependencies) {
    this.repository = repository;
    this.users = users;
    this.clock = clock;
  }

  async launchUrl(input: {
    userId: string;
    gameId: string;
    externalLaunchUrl: string;
    currency: string;
  }): Promise<string> {
    const game = await this.repository.findProviderGame(input.gameId);
    const provider = game ? await this.repository.findProvider(game.provider_id) : undefined;
    if (!game?.enabled || !provider?.enabled) throw new AppError('game_unavailable');
    if (!provider.currencies.includes(input.currency)) {
      throw new AppError('game_unavailable', {
        message: 'This game is not offered in your currency.',
        payload: { reason: 'currency', currency: input.currency },
      });
    }
    const { language } = await this.users.getProfile(input.userId);
    const token = generateSessionToken();
    const now = this.clock.now();
    await this.repository.insertSession({
      tokenHash: hashSessionToken(token),
      providerId: provider.id,
      userId: input.userId,
      gameId: game.id,
      currency: input.currency,
      createdAt: now,
      expiresAt: new Date(now.getTime() + provider.session_ttl_seconds * 1000),
    });
    const url = new URL(input.externalLaunchUrl);
    url.searchParams.set('token', token);
    url.searchParams.set('user', input.userId);
    url.searchParams.set('currency', input.currency);
    url.searchParams.set('lang', language);
    return url.toString();
  }
}
