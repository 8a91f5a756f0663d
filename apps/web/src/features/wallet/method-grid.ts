import { type FiatPaymentMethod, isSteamMethod, sortMethodsByPriority } from '@casino/contract';

export type MethodGroupKind = 'fiat' | 'crypto' | 'other';

export interface MethodGroup<Method> {
  kind: MethodGroupKind;
  methods: Method[];
}

/**
 * Methods of one side (buy = deposit, sell = withdraw) grouped as the wallet shows them: cards
 * and banks first, then the "other" group that holds Steam (wallet spec §2), each sorted by the
 * side's priority. Crypto methods come from the crypto API, which is not part of this list.
 */
export function groupFiatMethods(
  methods: readonly FiatPaymentMethod[],
  side: 'buy' | 'sell',
): MethodGroup<FiatPaymentMethod>[] {
  const available = sortMethodsByPriority(
    methods.filter((method) => method[side] !== null),
    side,
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

/** "20000000" → "20 000 000": limits stay readable in a narrow tile (narrow no-break spaces). */
export function groupDigits(decimal: string): string {
  const [whole = '', fraction] = decimal.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
