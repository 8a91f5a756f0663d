import { type Posting, platformAccount, playerAccount } from '../ledger/ledger.service.ts';

/** How a stake is funded (`Wagering.plan`): main money first, then bonus money, or a free spin. */
export interface StakePlan {
  /** minor units taken from the player's main account */
  mainMinor: bigint;
  /** minor units taken from the player's bonus account */
  bonusMinor: bigint;
  /** the active bonus the round counts for (store it with the round); null: none */
  bonusId: string | null;
  /** a free spin: the house funds the stake, nothing is taken from the player */
  freespin: boolean;
}

export interface StakeInput {
  userId: string;
  /**
   * the casino game staked on (a free spin must be one of its bonus's games); absent for a stake
   * outside the casino (a sport ticket), which plays no free spin
   */
  gameId?: string | undefined;
  /** the currency of the stake (the round's) */
  currency: string;
  stakeMinor: bigint;
  /** play one free spin of this bonus instead of staking money */
  freespinBonusId?: string | undefined;
}

/** A plan without a bonus: the whole stake is main money. */
export function mainMoneyPlan(stakeMinor: bigint): StakePlan {
  return { mainMinor: stakeMinor, bonusMinor: 0n, bonusId: null, freespin: false };
}

/** The bet postings of a plan: main and bonus parts out, the whole stake to the house. */
export function stakePostings(userId: string, currency: string, plan: StakePlan): Posting[] {
  const postings: Posting[] = [];
  if (plan.mainMinor > 0n) {
    postings.push({
      account: playerAccount(userId, currency, 'main'),
      amountMinor: -plan.mainMinor,
    });
  }
  if (plan.bonusMinor > 0n) {
    postings.push({
      account: playerAccount(userId, currency, 'bonus'),
      amountMinor: -plan.bonusMinor,
    });
  }
  postings.push({
    account: platformAccount(currency, 'house'),
    amountMinor: plan.mainMinor + plan.bonusMinor,
  });
  return postings;
}
