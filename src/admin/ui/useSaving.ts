import { useCallback, useState } from 'react';
import { useNotify } from 'react-admin';

/**
 * A save in flight: `saving` while `save`'s work runs, and a failure shown as the server's message (in the reader's
 * language) or a generic one. `save` answers whether the work succeeded.
 */
export function useSaving() {
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const save = useCallback(
    async (work: () => Promise<void>): Promise<boolean> => {
      setSaving(true);
      try {
        await work();
        return true;
      } catch (error) {
        notify(error instanceof Error ? error.message : 'app.error.generic', { type: 'error' });
        return false;
      } finally {
        setSaving(false);
      }
    },
    [notify],
  );
  return { saving, save };
}
