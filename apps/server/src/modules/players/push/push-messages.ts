import type { PushCategory, PushPayload } from '@casino/contract';
import { chooseLocale } from '@casino/contract';

/** Largest encrypted body a push service must accept is 4096 bytes; the plaintext stays under. */
export const maxPushPayloadBytes = 3_800;

/** What a notification is about, with what its text needs. */
export type PushMessage =
  | { kind: 'deposit_completed'; amount: string; currency: string }
  | { kind: 'withdrawal_paid'; amount: string; currency: string }
  | { kind: 'tournament_won'; tournamentId: string; name: string; place: number; prize: string }
  | { kind: 'bonus_expiring'; bonusId: string; expiresAt: string }
  | { kind: 'sport_big_win'; ticketId: string; payout: string; currency: string };

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

/** How each kind travels: its consent category, lifetime at the push service, urgency, topic. */
export interface PushDelivery {
  category: PushCategory;
  /** seconds the push service keeps it for an offline device */
  ttlSeconds: number;
  urgency: PushUrgency;
  /** a newer message with the same topic replaces an undelivered older one (≤ 32 base64url chars) */
  topic: string;
}

export const pushDeliveryByKind: Record<PushMessage['kind'], PushDelivery> = {
  deposit_completed: {
    category: 'deposits',
    ttlSeconds: 86_400,
    urgency: 'high',
    topic: 'deposit',
  },
  withdrawal_paid: {
    category: 'withdrawals',
    ttlSeconds: 86_400,
    urgency: 'normal',
    topic: 'withdrawal',
  },
  tournament_won: {
    category: 'tournaments',
    ttlSeconds: 3 * 86_400,
    urgency: 'normal',
    topic: 'tournament',
  },
  bonus_expiring: {
    category: 'bonuses',
    ttlSeconds: 6 * 3_600,
    urgency: 'low',
    topic: 'bonus-expiry',
  },
  sport_big_win: {
    category: 'sportsbook',
    ttlSeconds: 3_600,
    urgency: 'normal',
    topic: 'sport-win',
  },
};

/** A won sport ticket whose payout is at least this many times its stake is a big win. */
export const bigSportWinMultiplier = 10;

type Texts = Record<PushMessage['kind'], { title: string; body: string }>;

// Only English and Russian are written out (as in the app); other locales read English.
const texts: Record<'en' | 'ru', Texts> = {
  en: {
    deposit_completed: {
      title: 'Deposit received',
      body: '{amount} is on your balance. Good luck!',
    },
    withdrawal_paid: { title: 'Withdrawal paid', body: '{amount} has been sent to you.' },
    tournament_won: {
      title: 'You won a prize!',
      body: 'Place {place} in “{name}”: {prize}.',
    },
    bonus_expiring: {
      title: 'Your bonus is about to expire',
      body: 'Wager it before {time} UTC or it is gone.',
    },
    sport_big_win: { title: 'Big win!', body: 'Your bet won {amount}.' },
  },
  ru: {
    deposit_completed: { title: 'Депозит зачислен', body: '{amount} на вашем балансе. Удачи!' },
    withdrawal_paid: { title: 'Вывод выполнен', body: '{amount} отправлено вам.' },
    tournament_won: {
      title: 'Вы выиграли приз!',
      body: '{place} место в «{name}»: {prize}.',
    },
    bonus_expiring: {
      title: 'Бонус скоро сгорит',
      body: 'Отыграйте его до {time} UTC, иначе он пропадёт.',
    },
    sport_big_win: { title: 'Крупный выигрыш!', body: 'Ваша ставка выиграла {amount}.' },
  },
};

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The notification in the player's language, with the app page its click opens. */
export function buildPushPayload(message: PushMessage, language: string): PushPayload {
  const locale = chooseLocale(language);
  const table = locale === 'ru' ? texts.ru : texts.en;
  const text = table[message.kind];
  const prefix = `/${locale}`;
  let values: Record<string, string>;
  let url: string;
  let tag: string;
  switch (message.kind) {
    case 'deposit_completed':
    case 'withdrawal_paid':
      values = { amount: `${message.amount} ${message.currency}` };
      url = `${prefix}?wallet=history`;
      tag = message.kind;
      break;
    case 'tournament_won':
      values = {
        place: String(message.place),
        name: truncate(message.name, 120),
        prize: message.prize,
      };
      url = `${prefix}/tournaments/${encodeURIComponent(message.tournamentId)}`;
      tag = `tournament-${message.tournamentId}`;
      break;
    case 'bonus_expiring':
      values = { time: message.expiresAt.slice(0, 16).replace('T', ' ') };
      url = `${prefix}/bonuses`;
      tag = `bonus-${message.bonusId}`;
      break;
    case 'sport_big_win':
      values = { amount: `${message.payout} ${message.currency}` };
      url = `${prefix}/sportsbook/my-bets`;
      tag = `sport-${message.ticketId}`;
      break;
  }
  return {
    title: text.title,
    body: fill(text.body, values),
    url,
    tag,
    category: pushDeliveryByKind[message.kind].category,
  };
}

/** The payload's bytes; throws when it would not fit a push message (4 KB with encryption). */
export function encodePushPayload(payload: PushPayload): string {
  const json = JSON.stringify(payload);
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes > maxPushPayloadBytes) {
    throw new Error(`push payload of ${bytes} bytes exceeds ${maxPushPayloadBytes}`);
  }
  return json;
}
