import { randomUUID } from 'node:crypto';
import {
  type BackofficeOffer,
  backofficeOfferSchema,
  currencyScale,
  type NewOfferBody,
  parseDecimalToMinor,
  type Round,
  roundSchema,
  type UserBonus,
  userBonusesResponseSchema,
} from '@casino/contract';
import { expect } from 'vitest';
import {
  bearer,
  type RegisteredPlayer,
  registerPlayer,
  type SignedIn,
  type TestApp,
} from './app.ts';
import { playableOriginal } from './originals.ts';

/** What the bonus tests share: an operator session, players, deposits, rounds and reads. */
export class BonusWorld {
  constructor(
    readonly testApp: TestApp,
    /** replaced after a test moves the clock past the operator session's lifetime */
    public admin: SignedIn,
  ) {}

  get services() {
    return this.testApp.app.services;
  }

  async createOffer(
    body: Partial<NewOfferBody> & Pick<NewOfferBody, 'type'>,
  ): Promise<BackofficeOffer> {
    const response = await this.testApp.app.inject({
      method: 'POST',
      url: '/api/backoffice/v1/bonuses/offers',
      headers: bearer(this.admin),
      payload: { title: { en: `Offer ${randomUUID().slice(0, 6)}` }, deadlineHours: 24, ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return backofficeOfferSchema.parse(response.json());
  }

  async updateOffer(id: string, body: Record<string, unknown>): Promise<BackofficeOffer> {
    const response = await this.testApp.app.inject({
      method: 'PATCH',
      url: `/api/backoffice/v1/bonuses/offers/${id}`,
      headers: bearer(this.admin),
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return backofficeOfferSchema.parse(response.json());
  }

  /** Disables every offer of these types (tests that need "no welcome offer", for example). */
  async disableOffers(types: string[]): Promise<void> {
    await this.testApp.db
      .updateTable('bonus_offers')
      .set({ is_enabled: false })
      .where('type', 'in', types as never[])
      .execute();
  }

  async newPlayer(): Promise<{ player: RegisteredPlayer; userId: string; globalId: string }> {
    const player = await registerPlayer(this.testApp.app);
    const row = await this.testApp.db
      .selectFrom('users')
      .select(['id', 'global_id'])
      .where('email', '=', player.email)
      .executeTakeFirstOrThrow();
    return { player, userId: row.id, globalId: row.global_id.toString() };
  }

  /** A USD deposit order (visa-mastercard-usd), not yet approved. */
  async createDeposit(player: SignedIn, amount: string): Promise<string> {
    const response = await this.testApp.app.inject({
      method: 'POST',
      url: '/api/v2/wallet/orders/buy',
      headers: { ...bearer(player), 'idempotency-key': randomUUID() },
      payload: { amount, bankId: 'visa-mastercard-usd' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { id: string }).id;
  }

  async approve(orderId: string) {
    return await this.testApp.app.inject({
      method: 'POST',
      url: `/api/backoffice/v1/orders/${orderId}/approve`,
      headers: { ...bearer(this.admin), 'idempotency-key': randomUUID() },
      payload: {},
    });
  }

  /** A completed USD deposit. */
  async deposit(player: SignedIn, amount: string): Promise<string> {
    const orderId = await this.createDeposit(player, amount);
    const approved = await this.approve(orderId);
    expect(approved.statusCode, approved.body).toBe(200);
    return orderId;
  }

  /** The first enabled dice original with no blacklist rule. */
  async diceGame(): Promise<string> {
    return await playableOriginal(this.testApp, 'dice');
  }

  async play(player: SignedIn, gameId: string, body: Record<string, unknown>) {
    return await this.testApp.app.inject({
      method: 'POST',
      url: `/api/v2/games/${gameId}/rounds`,
      headers: { ...bearer(player), 'idempotency-key': randomUUID() },
      payload: { params: { target: 50.5, direction: 'over' }, ...body },
    });
  }

  async playOk(player: SignedIn, gameId: string, body: Record<string, unknown>): Promise<Round> {
    const response = await this.play(player, gameId, body);
    expect(response.statusCode, response.body).toBe(200);
    return roundSchema.parse(response.json());
  }

  async userBonuses(player: SignedIn): Promise<UserBonus[]> {
    const response = await this.testApp.app.inject({
      url: '/api/v2/bonuses/user',
      headers: bearer(player),
    });
    expect(response.statusCode, response.body).toBe(200);
    return userBonusesResponseSchema.parse(response.json()).items;
  }

  async balance(userId: string, kind: 'main' | 'bonus', currency = 'USD'): Promise<bigint> {
    return await this.services.ledger.balance(userId, currency, kind);
  }

  /** The ledger proves itself consistent (balanced, no negative player balance, holds match). */
  async expectLedgerConsistent(): Promise<void> {
    const report = await this.services.ledger.check();
    expect(report.violations).toEqual([]);
  }

  /** How many ledger transactions of a type name this reference. */
  async postings(type: string, reference: string): Promise<number> {
    const row = await this.testApp.db
      .selectFrom('ledger_transactions')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('type', '=', type)
      .where('external_reference', '=', reference)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}

export function usd(value: string): bigint {
  const minor = parseDecimalToMinor(value, currencyScale('USD'));
  if (minor === null) throw new Error(`not a USD amount: ${value}`);
  return minor;
}
