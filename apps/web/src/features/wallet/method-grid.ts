import { type FiatPaymentMethod, isSteamMethod, sortMethodsByPriority } from '@casino/contract';

export type MethodGroupKind = 'fiat' | 'crypto' | 'other';

export interface MethodGroup<Method> {
  kind: MethodGroupKind;
  methods: Method[];
}

/**
 * The methods that pay in the player's currency first, then the rest, each part keeping its
 * order: a player in dollars should not scroll past zloty and som methods to find a card.
 */
export function playerCurrencyFirst<Method extends Pick<FiatPaymentMethod, 'currency'>>(
  methods: readonly Method[],
  currency: string | null,
): Method[] {
  if (currency === null) return [...methods];
  return [
    ...methods.filter((method) => method.currency === currency),
    ...methods.filter((method) => method.currency !== currency),
  ];
}

/**
 * Methods of one side (buy = deposit, sell = withdraw) grouped as the wallet shows them: cards
 * and banks first, then the "other" group that holds Steam (wallet spec §2). Within a group the
 * methods in the player's currency come first, each part sorted by the side's priority. Crypto
 * methods come from the crypto API, which is not part of this list.
 */
export function groupFiatMethods(
  methods: readonly FiatPaymentMethod[],
  side: 'buy' | 'sell',
  playerCurrency: string | null = null,
): MethodGroup<FiatPaymentMethod>[] {
  const available = playerCurrencyFirst(
    sortMethodsByPriority(
      methods.filter((method) => method[side] !== null),
      side,
    ),
    playerCurrency,
  );
  const groups: MethodGroup<FiatPaymentMethod>[] = [
    { kind: 'fiat', methods: available.filter((method) => !isSteamMethod(method)) },
    { kind: 'other', methods: available.filter((method) => isSteamMethod(method)) },
  ];
  return groups.filter((group) => group.methods.length > 0);
}

/** Spec §9: 4 slots on tablet or wider, 6 on smaller screens. */
export function methodGridCapacity(isTabletOrWider: boolean): number {
  return isTabletOrWider ? 4 : 6;
}

export interface MethodGridSlots<Method> {
  visible: Method[];
  /** How many methods the "other (N)" button in the last slot holds; 0 when it is not shown. */
  hiddenCount: number;
}

/**
 * Fills the grid: when the methods do not fit, the last slot becomes an "other (N)" button
 * (N = the methods not shown) that expands the list.
 */
export function methodGridSlots<Method>(
  methods: readonly Method[],
  capacity: number,
  expanded: boolean,
): MethodGridSlots<Method> {
  if (expanded || methods.length <= capacity) return { visible: [...methods], hiddenCount: 0 };
  const visibleCount = Math.max(capacity - 1, 0);
  return {
    visible: methods.slice(0, visibleCount),
    hiddenCount: methods.length - visibleCount,
  };
}
