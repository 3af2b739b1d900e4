import { describe, expect, it } from 'vitest';
import { OwnWrites } from './ownWrites';

const change = (resource: string, ids: string[], action = 'update') => ({ id: 1, resource, ids, action });

describe('OwnWrites', () => {
  it("hears the echo of a write still on its way as the tab's own (the stream can be faster than the answer)", () => {
    const own = new OwnWrites();
    own.sent(1, { resource: 'cottage', ids: ['c1'] });
    expect(own.isOwn(change('cottage', ['c1']))).toBe(true);
    expect(own.isOwn(change('cottage', ['c2']))).toBe(false);
    expect(own.isOwn(change('region', ['c1']))).toBe(false);
  });

  it('forgets a failed write at once: nothing was written, a change heard then is a colleague’s', () => {
    const own = new OwnWrites();
    own.sent(1, { resource: 'cottage', ids: ['c1'] });
    own.failed(1);
    expect(own.isOwn(change('cottage', ['c1']))).toBe(false);
  });

  it('keeps a succeeded write for five seconds, then hears the record’s changes as others’', () => {
    let now = 1_000;
    const own = new OwnWrites(() => now);
    own.sent(1, { resource: 'cottage', ids: ['c1'] });
    now += 10_000; // a slow answer: still own while on its way
    expect(own.isOwn(change('cottage', ['c1']))).toBe(true);
    own.succeeded(1, { resource: 'cottage', ids: ['c1'] });
    now += 4_999;
    expect(own.isOwn(change('cottage', ['c1']))).toBe(true);
    now += 1;
    expect(own.isOwn(change('cottage', ['c1']))).toBe(false);
  });

  it('a create on its way owns a create of its resource; once answered, only its new id', () => {
    let now = 0;
    const own = new OwnWrites(() => now);
    own.sent(1, { resource: 'region', ids: [] });
    expect(own.isOwn(change('region', ['r9'], 'create'))).toBe(true);
    expect(own.isOwn(change('region', ['r9'], 'update'))).toBe(false);
    expect(own.isOwn(change('place', ['p1'], 'create'))).toBe(false);
    own.succeeded(1, { resource: 'region', ids: ['r1'] });
    now += 1;
    expect(own.isOwn(change('region', ['r1'], 'create'))).toBe(true);
    expect(own.isOwn(change('region', ['r2'], 'create'))).toBe(false);
  });
});
