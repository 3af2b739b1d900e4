import { describe, expect, it } from 'vitest';
import type { ClaimedCottage } from '../../../providers/reviewApi';
import { deskReducer, INITIAL_DESK, type DeskState } from './deskState';

const cottage = (id: string) => ({ id, name: `Cottage ${id}`, cottageStatus: 'progress' }) as unknown as ClaimedCottage;

describe('the desk state', () => {
  it('starts loading, shows a cottage, and says when the queue is empty', () => {
    expect(INITIAL_DESK.status).toBe('loading');
    const shown = deskReducer(INITIAL_DESK, { type: 'shown', cottage: cottage('a') });
    expect(shown).toMatchObject({ status: 'ready', current: { id: 'a' }, error: null });
    expect(deskReducer(shown, { type: 'shown', cottage: null })).toMatchObject({ status: 'empty', current: null });
  });

  it('keeps the shown cottage on screen when a claim fails, and clears the error with the next one', () => {
    const failed = deskReducer(deskReducer(INITIAL_DESK, { type: 'shown', cottage: cottage('a') }), { type: 'failed', error: 'offline' });
    expect(failed).toMatchObject({ status: 'error', error: 'offline', current: { id: 'a' } });
    expect(deskReducer(failed, { type: 'shown', cottage: cottage('b') })).toMatchObject({ status: 'ready', error: null, current: { id: 'b' } });
  });

  it('a refresh replaces the cottage without changing where the desk is', () => {
    const empty: DeskState = { ...INITIAL_DESK, status: 'error', error: 'x' };
    expect(deskReducer(empty, { type: 'refreshed', cottage: cottage('c') })).toMatchObject({ status: 'error', error: 'x', current: { id: 'c' } });
  });

  it('a repeated busy flag keeps the same state object (no re-render)', () => {
    const busy = deskReducer(INITIAL_DESK, { type: 'busy', busy: true });
    expect(busy.busy).toBe(true);
    expect(deskReducer(busy, { type: 'busy', busy: true })).toBe(busy);
  });
});
