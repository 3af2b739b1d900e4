import UploadIcon from '@mui/icons-material/Publish';
import {
  Alert,
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Typography,
  Button as MuiButton,
} from '@mui/material';
import { useRef, useState } from 'react';
import { Button, HttpError, useCanAccess, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import { resourceByRoute } from '../../shared/resources';
import { authorizedFetch } from '../providers/httpClient';
import { ImportChanges, ImportProblems, useImportFullScreen, type ImportAnswer } from './ImportReport';

/** 10 000 rows are checked and written in one call: minutes on a slow server, never the usual 10 s. */
const IMPORT_TIMEOUT_MS = 10 * 60_000;

/** The rows of a CSV text, roughly (a quoted line break counts twice): what the progress line shows. */
const rowsOf = async (file: File) => Math.max(0, ((await file.text()).match(/\n(?=.)/g)?.length ?? 0));

const Counts = ({ answer }: { answer: ImportAnswer }) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={2} sx={{ my: 1, flexWrap: 'wrap' }} aria-label="counts">
      <Typography>{translate('app.import.created', { count: answer.created })}</Typography>
      <Typography>{translate('app.import.updated', { count: answer.updated })}</Typography>
      <Typography>{translate('app.import.unchanged', { count: answer.unchanged })}</Typography>
      <Typography color={answer.errors.length ? 'error' : undefined}>{translate('app.import.errors', { count: answer.errors.length })}</Typography>
    </Stack>
  );
};

/**
 * Beside Export: reads a CSV in the export's shape back into the list. Picking a file runs the server's dry run and
 * shows what it would do (counts, changed cells before → after, errors by row and column); Apply imports it, all or
 * nothing. Shown to those who may both create and edit the resource, on resources whose registry entry has `import`.
 */
export const ImportCsvButton = () => {
  const { resource } = useListContext();
  const path = resourceByRoute(resource)?.api.import;
  const create = useCanAccess({ resource, action: 'create' });
  const edit = useCanAccess({ resource, action: 'edit' });
  if (!path || !create.canAccess || !edit.canAccess) return null;
  return <ImportDialogButton path={path} />;
};

const ImportDialogButton = ({ path }: { path: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<{ file: File; rows: number }>();
  const [busy, setBusy] = useState<'checking' | 'applying'>();
  const [answer, setAnswer] = useState<ImportAnswer>();
  const [failure, setFailure] = useState<string>();
  const fullScreen = useImportFullScreen();

  const send = async (picked: File, dryRun: boolean): Promise<ImportAnswer> => {
    const form = new FormData();
    form.append('file', picked);
    try {
      const res = await authorizedFetch(`${path}${dryRun ? '?dryRun=true' : ''}`, { method: 'POST', body: form }, IMPORT_TIMEOUT_MS);
      return (await res.json()) as ImportAnswer;
    } catch (error) {
      // A bad row answers 400 with the same report as the dry run.
      const body = error instanceof HttpError ? (error.body as Partial<ImportAnswer> | undefined) : undefined;
      if (body && Array.isArray(body.errors)) return body as ImportAnswer;
      throw error;
    }
  };

  const pick = async (picked: File | undefined) => {
    if (!picked) return;
    setAnswer(undefined);
    setFailure(undefined);
    setFile({ file: picked, rows: await rowsOf(picked) });
    setBusy('checking');
    try {
      setAnswer(await send(picked, true));
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setBusy(undefined);
      if (input.current) input.current.value = '';
    }
  };

  const apply = async () => {
    if (!file) return;
    setBusy('applying');
    try {
      const done = await send(file.file, false);
      if (done.errors.length) {
        setAnswer(done);
        return;
      }
      notify('app.import.done', { type: 'success', messageArgs: { created: done.created, updated: done.updated } });
      close();
      refresh();
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setBusy(undefined);
    }
  };

  const close = () => {
    setOpen(false);
    setFile(undefined);
    setAnswer(undefined);
    setFailure(undefined);
  };

  const canApply = Boolean(answer && !answer.errors.length && answer.created + answer.updated > 0 && !busy);
  return (
    <>
      <Button label="app.import.button" onClick={() => setOpen(true)}>
        <UploadIcon />
      </Button>
      <Dialog open={open} onClose={busy ? undefined : close} maxWidth="md" fullWidth fullScreen={fullScreen} aria-labelledby="import-title">
        <DialogTitle id="import-title">{translate('app.import.title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate('app.import.hint')}
          </Typography>
          <MuiButton variant="outlined" component="label" disabled={Boolean(busy)}>
            {translate('app.import.pick')}
            <input ref={input} hidden type="file" accept=".csv,text/csv" aria-label={translate('app.import.pick')} onChange={(e) => void pick(e.target.files?.[0])} />
          </MuiButton>
          {file && <Typography sx={{ mt: 1 }}>{translate('app.import.file', { name: file.file.name, rows: file.rows })}</Typography>}
          {busy && (
            <Box sx={{ my: 2 }} role="status">
              <Typography variant="body2">{translate(`app.import.${busy}`)}</Typography>
              <LinearProgress />
            </Box>
          )}
          {failure && (
            <Alert severity="error" sx={{ my: 2 }}>
              {translate('app.import.failed')}: {translate(failure, { _: failure })}
            </Alert>
          )}
          {answer && (
            <>
              <Counts answer={answer} />
              {!answer.errors.length && !answer.changes.length && <Alert severity="info">{translate('app.import.nothing')}</Alert>}
              <ImportProblems answer={answer} />
              <ImportChanges answer={answer} />
              {answer.truncated && <Typography variant="body2">{translate('app.import.truncated')}</Typography>}
            </>
          )}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close} disabled={Boolean(busy)}>
            {translate('app.import.cancel')}
          </MuiButton>
          <MuiButton variant="contained" onClick={() => void apply()} disabled={!canApply}>
            {translate('app.import.apply')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
};
