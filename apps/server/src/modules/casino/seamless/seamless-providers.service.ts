import {
  invalidValueMessage,
  type SeamlessGame,
  type SeamlessGamesBody,
  type SeamlessProvider,
  type SeamlessProviderCreateBody,
  type SeamlessProviderUpdateBody,
} from '@casino/contract';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { AuditService, OperatorActor } from '../../backoffice/audit/audit.service.ts';
import type { GamesService } from '../games/games.service.ts';
import type { ProviderGameRow, ProviderRow, SeamlessRepository } from './seamless.repository.ts';
import { generateSigningKeyPair, isUsableRsaPublicKey } from './seamless-signature.ts';

/** Where a provider's wallet endpoints live: `{walletPath}/user/info`, `/transaction/bet` … */
export function walletPathOf(providerId: string): string {
  return `/api/seamless/${providerId}`;
}

function toProvider(row: ProviderRow): SeamlessProvider {
  return {
    id: row.id,
    name: row.name,
    signatureScheme: row.signature_scheme,
    providerPublicKey: row.provider_public_key,
    hasHmacSecret: row.hmac_secret !== null,
    ourPublicKey: row.our_public_key,
    currencies: row.currencies,
    sessionTtlSeconds: row.session_ttl_seconds,
    enabled: row.enabled,
    walletPath: walletPathOf(row.id),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function toGame(row: ProviderGameRow): SeamlessGame {
  return {
    id: row.id,
    providerId: row.provider_id,
    gameCode: row.game_code,
    title: row.title,
    launchUrl: row.external_launch_url ?? '',
    imageUrl: row.image_url,
    rtp: row.rtp,
    studioId: row.studio_id,
    label: row.label,
    enabled: row.enabled,
  };
}

function invalidField(field: string): AppError {
  return new AppError('validation_error', {
    payload: { fields: [{ field, message: invalidValueMessage }] },
  });
}

export interface SeamlessProvidersServiceDependencies {
  repository: SeamlessRepository;
  /** the games catalog, which owns the studios and games a provider adds */
  catalog: Pick<GamesService, 'ensureStudio' | 'studioExists' | 'saveExternalGame'>;
  audit: AuditService;
  clock: Clock;
  /** the transaction opener (lib/transactions.ts) */
  transactions: Transactions;
}

/**
 * Operator data of the seamless wallet: provider accounts with their keys, and the games each
 * provider runs. Every change is audited in the same transaction. Secrets (the HMAC secret, our
 * private key) are written, never read back through the API.
 */
export class SeamlessProvidersService {
  private readonly repository: SeamlessRepository;
  private readonly catalog: SeamlessProvidersServiceDependencies['catalog'];
  private readonly audit: AuditService;
  private readonly clock: Clock;
  private readonly transactions: Transactions;

  constructor({
    repository,
    catalog,
    audit,
    clock,
    transactions,
  }: SeamlessProvidersServiceDependencies) {
    this.repository = repository;
    this.catalog = catalog;
    this.audit = audit;
    this.clock = clock;
    this.transactions = transactions;
  }

  async list(): Promise<{ items: SeamlessProvider[] }> {
    return { items: (await this.repository.listProviders()).map(toProvider) };
  }

  async get(providerId: string): Promise<SeamlessProvider> {
    return toProvider(await this.requireProvider(providerId));
  }

  /** Creates the account with a fresh key pair of ours; its id also becomes a catalog studio. */
  async create(actor: OperatorActor, body: SeamlessProviderCreateBody): Promise<SeamlessProvider> {
    if (body.providerPublicKey !== undefined && !isUsableRsaPublicKey(body.providerPublicKey)) {
      throw invalidField('providerPublicKey');
    }
    const keys = await generateSigningKeyPair();
    const row = await this.transactions.run(async (transaction) => {
      const inserted = await this.repository.insertProvider(
        {
          id: body.id,
          name: body.name,
          signatureScheme: body.signatureScheme,
          providerPublicKey: body.providerPublicKey ?? null,
          hmacSecret: body.hmacSecret ?? null,
          ourPublicKey: keys.publicKeyPem,
          ourPrivateKey: keys.privateKeyPem,
          currencies: [...new Set(body.currencies)],
          sessionTtlSeconds: body.sessionTtlSeconds,
          enabled: body.enabled,
          at: this.clock.now(),
        },
        transaction,
      );
      if (!inserted) throw new AppError('seamless_provider_exists');
      await this.catalog.ensureStudio(body.id, body.name, transaction);
      await this.audit.record(
        actor,
        {
          action: 'seamless.provider.create',
          targetType: 'seamless_provider',
          targetId: body.id,
          payload: {
            name: body.name,
            signatureScheme: body.signatureScheme,
            currencies: inserted.currencies,
            sessionTtlSeconds: body.sessionTtlSeconds,
            enabled: body.enabled,
          },
        },
        transaction,
      );
      return inserted;
    });
    return toProvider(row);
  }

  /** Changes an account; `enabled: false` disables it (audited as such). */
  async update(
    actor: OperatorActor,
    providerId: string,
    body: SeamlessProviderUpdateBody,
  ): Promise<SeamlessProvider> {
    if (body.providerPublicKey !== undefined && !isUsableRsaPublicKey(body.providerPublicKey)) {
      throw invalidField('providerPublicKey');
    }
    const row = await this.transactions.run(async (transaction) => {
      const current = await this.repository.lockProvider(providerId, transaction);
      if (!current) throw new AppError('not_found', { message: 'There is no such provider.' });
      const scheme = body.signatureScheme ?? current.signature_scheme;
      if (
        scheme === 'rsa_sha256' &&
        (body.providerPublicKey ?? current.provider_public_key) === null
      ) {
        throw invalidField('providerPublicKey');
      }
      if (scheme === 'hmac_sha256' && (body.hmacSecret ?? current.hmac_secret) === null) {
        throw invalidField('hmacSecret');
      }
      const updated = await this.repository.updateProvider(
        providerId,
        {
          ...body,
          ...(body.currencies === undefined ? {} : { currencies: [...new Set(body.currencies)] }),
        },
        this.clock.now(),
        transaction,
      );
      const action =
        body.enabled === false && current.enabled
          ? 'seamless.provider.disable'
          : body.enabled === true && !current.enabled
            ? 'seamless.provider.enable'
            : 'seamless.provider.update';
      await this.audit.record(
        actor,
        {
          action,
          targetType: 'seamless_provider',
          targetId: providerId,
          // which fields changed, and the new value of those that are not secrets
          payload: {
            changed: Object.keys(body).sort(),
            ...(body.name === undefined ? {} : { name: body.name }),
            ...(body.signatureScheme === undefined
              ? {}
              : { signatureScheme: body.signatureScheme }),
            ...(body.currencies === undefined ? {} : { currencies: updated.currencies }),
            ...(body.sessionTtlSeconds === undefined
              ? {}
              : { sessionTtlSeconds: body.sessionTtlSeconds }),
            ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
          },
        },
        transaction,
      );
      return updated;
    });
    return toProvider(row);
  }

  async listGames(providerId: string): Promise<{ items: SeamlessGame[] }> {
    await this.requireProvider(providerId);
    return { items: (await this.repository.listProviderGames(providerId)).map(toGame) };
  }

  /**
   * Adds the provider's games to the catalog (engine 'external') or updates those it already
   * has. A catalog id held by another provider or an original, or a game code another of this
   * provider's games uses, is `seamless_game_conflict`.
   */
  async putGames(
    actor: OperatorActor,
    providerId: string,
    body: SeamlessGamesBody,
  ): Promise<{ items: SeamlessGame[] }> {
    const ids = body.games.map((game) => game.id);
    const codes = body.games.map((game) => game.gameCode);
    const duplicateIndex = body.games.findIndex(
      (game, index) => ids.indexOf(game.id) !== index || codes.indexOf(game.gameCode) !== index,
    );
    if (duplicateIndex >= 0) {
      const duplicate = body.games[duplicateIndex];
      const field = duplicate && ids.indexOf(duplicate.id) !== duplicateIndex ? 'id' : 'gameCode';
      throw invalidField(`games.${duplicateIndex}.${field}`);
    }
    await this.transactions.run(async (transaction) => {
      const provider = await this.repository.lockProvider(providerId, transaction);
      if (!provider) throw new AppError('not_found', { message: 'There is no such provider.' });
      for (const [index, game] of body.games.entries()) {
        if (
          game.studioId !== undefined &&
          !(await this.catalog.studioExists(game.studioId, transaction))
        ) {
          throw invalidField(`games.${index}.studioId`);
        }
      }
      const claims = await this.repository.lockGameClaims(providerId, ids, codes, transaction);
      for (const claim of claims.games) {
        if (claim.engine !== 'external' || claim.seamlessProviderId !== providerId) {
          throw new AppError('seamless_game_conflict', { payload: { gameId: claim.id } });
        }
      }
      for (const claim of claims.codes) {
        const wanted = body.games.find((game) => game.gameCode === claim.gameCode);
        if (wanted && wanted.id !== claim.gameId) {
          throw new AppError('seamless_game_conflict', {
            payload: { gameId: wanted.id, gameCode: claim.gameCode },
          });
        }
      }
      for (const game of body.games) {
        await this.catalog.saveExternalGame(
          {
            id: game.id,
            title: game.title,
            launchUrl: game.launchUrl,
            imageUrl: game.imageUrl,
            rtp: game.rtp,
            studioId: game.studioId ?? providerId,
            label: game.label,
            enabled: game.enabled,
          },
          transaction,
        );
        await this.repository.upsertGameCode(
          { id: game.id, providerId, gameCode: game.gameCode },
          transaction,
        );
      }
      await this.audit.record(
        actor,
        {
          action: 'seamless.games.put',
          targetType: 'seamless_provider',
          targetId: providerId,
          payload: { games: body.games.map((game) => ({ id: game.id, gameCode: game.gameCode })) },
        },
        transaction,
      );
    });
    const saved = await this.repository.listProviderGames(providerId);
    return { items: saved.filter((game) => ids.includes(game.id)).map(toGame) };
  }

  private async requireProvider(providerId: string): Promise<ProviderRow> {
    const row = await this.repository.findProvider(providerId);
    if (!row) throw new AppError('not_found', { message: 'There is no such provider.' });
    return row;
  }
}
