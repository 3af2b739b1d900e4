import { describe, expect, it } from 'vitest';
import { createQueryClient, WRITE_SENSITIVE_KEYS } from './queryClient';

describe('createQueryClient', () => {
  it('marks the unused translations, the counts and the header languages stale after a successful write only', async () => {
    const client = createQueryClient();
    for (const key of [...WRITE_SENSITIVE_KEYS, ['place', 'getList']]) client.setQueryData([...key], 'cached');
    const stale = () => WRITE_SENSITIVE_KEYS.map((key) => client.getQueryState([...key])?.isInvalidated);

    const failing = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(new Error('409')) });
    await expect(failing.execute(undefined)).rejects.toThrow('409');
    expect(stale()).toEqual([false, false, false]);

    await client.getMutationCache().build(client, { mutationFn: () => Promise.resolve({ id: 1 }) }).execute(undefined);
    expect(stale()).toEqual([true, true, true]);
    expect(client.getQueryState(['place', 'getList'])?.isInvalidated).toBe(false);
  });
});
