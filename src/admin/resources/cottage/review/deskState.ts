/**
 * What the desk shows, as one state with named moves (useDesk.tsx dispatches them): the claimed cottage, whether one
 * is loading, there is none, or the claim failed, and whether a move is running. The session's counts stay in
 * sessionStats.ts, which stores them.
 */
import type { ClaimedCottage } from '../../../providers/reviewApi';

export type DeskStatus = 'loading' | 'ready' | 'empty' | 'error';

export interface DeskState {
  current: ClaimedCottage | null;
  status: DeskStatus;
  error: string | null;
  busy: boolean;
}

export type DeskAction =
  /** The next cottage to decide, or none left (null). */
  | { type: 'shown'; cottage: ClaimedCottage | null }
  /** The shown cottage read again (edited elsewhere, or its claim renewed): same place in the queue. */
  | { type: 'refreshed'; cottage: ClaimedCottage }
  | { type: 'failed'; error: string }
  | { type: 'busy'; busy: boolean };

export const INITIAL_DESK: DeskState = { current: null, status: 'loading', error: null, busy: false };

export function deskReducer(state: DeskState, action: DeskAction): DeskState {
  switch (action.type) {
    case 'shown':
      return { ...state, current: action.cottage, status: action.cottage ? 'ready' : 'empty', error: null };
    case 'refreshed':
      return { ...state, current: action.cottage };
    case 'failed':
      return { ...state, status: 'error', error: action.error };
    case 'busy':
      return state.busy === action.busy ? state : { ...state, busy: action.busy };
  }
}
