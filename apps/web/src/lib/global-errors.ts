import {
  type BanPayload,
  banPayloadSchema,
  type RegionPayload,
  regionPayloadSchema,
} from '@casino/contract';
import { useSyncExternalStore } from 'react';
import { isApiError, isNetworkError } from './api-error';

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
      const parsed = banPayloadSchema.safeParse(error.payload);
      return {
        kind: 'ban',
        ban: parsed.success
          ? parsed.data
          : { reason: 'other', globalId: String(error.payload?.globalId ?? '') },
      };
    }
    case 'region_restricted': {
      const parsed = regionPayloadSchema.safeParse(error.payload);
      return {
        kind: 'region',
        region: parsed.success ? parsed.data : { country: '', ip: '' },
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
