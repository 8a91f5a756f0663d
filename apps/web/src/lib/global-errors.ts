import { type BanPayload, banReasons, type RegionPayload } from '@casino/contract';
import { useSyncExternalStore } from 'react';
import { isApiError, isNetworkError } from './api-error';
import { type Check, object, oneOf, parseShape, string } from './shape-check';

/*
 * The payloads of `user_banned` and `region_restricted` (the contract's `banPayloadSchema` and
 * `regionPayloadSchema`, checked with `shape-check.ts`: this is on the first load, which carries
 * no zod). An error body may come from something in front of our server, so it is checked.
 */
const banPayload: Check<BanPayload> = object({ reason: oneOf(banReasons), globalId: string() });
const regionPayload: Check<RegionPayload> = object({ country: string(), ip: string() });

/** What an error means for the whole app, beyond the place that made the request. */
export type GlobalErrorEffect =
  | { kind: 'ban'; ban: BanPayload }
  | { kind: 'region'; region: RegionPayload }
  | { kind: 'connection' }
  | { kind: 'session-expired' };

export function classifyGlobalError(error: unknown): GlobalErrorEffect | null {
  if (isNetworkError(error)) return { kind: 'connection' };
  if (!isApiError(error)) return null;
  switch (error.detail) {
    case 'user_banned': {
      return {
        kind: 'ban',
        ban: parseShape(banPayload, error.payload) ?? {
          reason: 'other',
          globalId: String(error.payload?.globalId ?? ''),
        },
      };
    }
    case 'region_restricted': {
      return {
        kind: 'region',
        region: parseShape(regionPayload, error.payload) ?? { country: '', ip: '' },
      };
    }
    case 'unauthorized':
      return { kind: 'session-expired' };
    default:
      return null;
  }
}

export interface GlobalErrorState {
  ban: BanPayload | null;
  region: RegionPayload | null;
  connectionLost: boolean;
  /** the player's session ended without them signing out here, still to be told */
  sessionEnded: boolean;
}

const initialState: GlobalErrorState = {
  ban: null,
  region: null,
  connectionLost: false,
  sessionEnded: false,
};
let state: GlobalErrorState = initialState;
const listeners = new Set<() => void>();

function update(next: Partial<GlobalErrorState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const globalErrors = {
  get: (): GlobalErrorState => state,
  showBan: (ban: BanPayload) => update({ ban }),
  showRegion: (region: RegionPayload) => update({ region }),
  clearRegion: () => {
    if (state.region) update({ region: null });
  },
  showConnectionLost: () => {
    if (!state.connectionLost) update({ connectionLost: true });
  },
  showSessionEnded: () => {
    if (!state.sessionEnded) update({ sessionEnded: true });
  },
  clearSessionEnded: () => {
    if (state.sessionEnded) update({ sessionEnded: false });
  },
  reset: () => update(initialState),
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function useGlobalErrors(): GlobalErrorState {
  return useSyncExternalStore(globalErrors.subscribe, globalErrors.get, globalErrors.get);
}
