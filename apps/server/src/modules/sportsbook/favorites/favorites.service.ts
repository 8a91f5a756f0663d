import { maxSportFavorites, type SportFavoriteBody, type SportFavorites } from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { SportCatalog } from '../feed/catalog.service.ts';
import type { FavoritesRepository, FavoriteTarget } from './favorites.repository.ts';

export interface SportFavoritesServiceDependencies {
  db: Kysely<Database>;
  repository: FavoritesRepository;
  transactions: Transactions;
  clock: Clock;
  /** events and leagues are read through the catalog, never its tables */
  catalog: SportCatalog;
}

/** Event ids are the book's own positive integers; anything else names no event. */
const eventIdPattern = /^[1-9]\d{0,15}$/;

function targetOf(body: SportFavoriteBody): FavoriteTarget | null {
  if (body.type === 'league') return { type: 'league', leagueId: body.id };
  if (!eventIdPattern.test(body.id)) return null;
  const eventId = Number(body.id);
  return Number.isSafeInteger(eventId) ? { type: 'event', eventId } : null;
}

function notFound(body: SportFavoriteBody): AppError {
  return new AppError('not_found', {
    message: body.type === 'event' ? 'No such event.' : 'No such league.',
  });
}

/** A player's favourite events and leagues (`/sportsbook/favorites`), at most `maxSportFavorites`. */
export class SportFavoritesService {
  private readonly db: Kysely<Database>;
  private readonly repository: FavoritesRepository;
  private readonly transactions: Transactions;
  private readonly clock: Clock;
  private readonly catalog: SportCatalog;

  constructor({ db, repository, transactions, clock, catalog }: SportFavoritesServiceDependencies) {
    this.db = db;
    this.repository = repository;
    this.transactions = transactions;
    this.clock = clock;
    this.catalog = catalog;
  }

  async list(userId: string): Promise<SportFavorites> {
    const { eventIds, leagueIds } = await this.repository.list(this.db, userId);
    const [events, leagues] = await Promise.all([
      this.catalog.openEvents(eventIds),
      this.catalog.leagues(leagueIds),
    ]);
    const leagueOrder = new Map(leagueIds.map((id, index) => [id, index]));
    leagues.sort((a, b) => (leagueOrder.get(a.id) ?? 0) - (leagueOrder.get(b.id) ?? 0));
    return { eventIds, leagues, events };
  }

  /** Adds a favourite (idempotent): 404 for an unknown event or league, 409 when full. */
  async add(userId: string, body: SportFavoriteBody): Promise<void> {
    const target = targetOf(body);
    if (target === null) throw notFound(body);
    const known =
      target.type === 'event'
        ? (await this.catalog.existingEventIds([target.eventId])).has(target.eventId)
        : (await this.catalog.leagues([target.leagueId])).length > 0;
    if (!known) throw notFound(body);
    const outcome = await this.transactions.run((transaction) =>
      this.repository.add(transaction, userId, target, maxSportFavorites, this.clock.now()),
    );
    if (outcome === 'full') {
      throw new AppError('sport_favorites_full', {
        message: `At most ${maxSportFavorites} sport favourites can be kept; remove one first.`,
        payload: { limit: maxSportFavorites },
      });
    }
  }

  /** Removes a favourite (idempotent: an id the player does not keep is not an error). */
  async remove(userId: string, body: SportFavoriteBody): Promise<void> {
    const target = targetOf(body);
    if (target === null) return;
    await this.repository.remove(this.db, userId, target);
  }
}
