import DownloadIcon from '@mui/icons-material/GetApp';
import { useState } from 'react';
import { Button, useListContext, useNotify } from 'react-admin';
import { resourceByRoute } from '../../shared/resources';
import { authorizedFetch } from '../providers/httpClient';
import { listQuery } from '../providers/listQuery';

/** An export of 100 000 rows streams for seconds; the usual 10 s would cut it off on a slow link. */
const EXPORT_TIMEOUT_MS = 5 * 60_000;

/** The file name the server gave (`<resource>-<date>.csv`), else one of the same form. */
function fileName(res: Response, resource: string): string {
  const given = /filename="?([^";]+)"?/i.exec(res.headers.get('content-disposition') ?? '')?.[1];
  return given ?? `${resource}-${new Date().toISOString().slice(0, 10)}.csv`;
}

/**
 * Downloads the list as the server's CSV: every row matching the current filter and sort (not the first page or the
 * first 1000), readable columns with headers in the UI language.
 */
export const ExportCsvButton = () => {
  const { resource, filterValues, sort, total, isPending } = useListContext();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const path = resourceByRoute(resource)?.api.export;
  if (!path) return null;

  const download = async () => {
    setBusy(true);
    try {
      const res = await authorizedFetch(`${path}${listQuery({ filter: filterValues, sort })}`, {}, EXPORT_TIMEOUT_MS);
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName(res, resource);
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      notify((error as Error).message || 'app.error.generic', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button label="ra.action.export" onClick={download} disabled={busy || isPending || total === 0}>
      <DownloadIcon />
    </Button>
  );
};
