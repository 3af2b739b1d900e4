import { Alert, Box, Button, Chip, CircularProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { useFormat } from '../components/formats';
import { deviceLabel, type Session } from './api';

const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', p: 0, m: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

interface Props {
  /** The query's key: one list per user. */
  queryKey: unknown[];
  load: () => Promise<Session[]>;
  end: (id: string) => Promise<void>;
  /** Ends all (an admin's view) or all others (one's own). */
  endAll: () => Promise<unknown>;
  endAllLabel: string;
  /** One's own list marks the current session and never offers to end it here (that is "Log out"). */
  own: boolean;
}

/** Live sessions: device, address, started, last seen; "End" on each, and one button for all (others). */
export const SessionsTable = ({ queryKey, load, end, endAll, endAllLabel, own }: Props) => {
  const translate = useTranslate();
  const notify = useNotify();
  const format = useFormat();
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useQuery({ queryKey, queryFn: load });
  const done = async () => {
    notify('app.security.session_ended', { type: 'success' });
    await queryClient.invalidateQueries({ queryKey });
  };
  const failed = (e: unknown) => notify(e instanceof Error ? e.message : 'app.error.generic', { type: 'error' });
  const endOne = useMutation({ mutationFn: end, onSuccess: done, onError: failed });
  const endMany = useMutation({ mutationFn: endAll, onSuccess: done, onError: failed });

  if (isPending) return <CircularProgress size={24} aria-label={translate('ra.page.loading')} />;
  if (isError) return <Alert severity="error">{translate('app.error.generic')}</Alert>;
  const others = data.filter((s) => !s.current);
  return (
    <Stack spacing={1} className="SessionsTable">
      {data.length === 0 ? (
        <Typography color="text.secondary">{translate('app.security.no_sessions')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('app.security.sessions')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.security.device_column')}</TableCell>
                <TableCell>{translate('app.security.address')}</TableCell>
                <TableCell>{translate('app.security.started')}</TableCell>
                <TableCell>{translate('app.security.last_seen')}</TableCell>
                {/* Named for screen readers (axe `empty-table-header`), not shown. */}
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    {translate('app.row_actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((s) => (
                <TableRow key={s.id} data-session={s.id}>
                  <TableCell>
                    {deviceLabel(translate, s)}
                    {s.current && <Chip size="small" color="primary" label={translate('app.security.this_device')} sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell>{s.address ?? '—'}</TableCell>
                  <TableCell>{format.dateTime(s.createdAt)}</TableCell>
                  <TableCell>{format.dateTime(s.lastUsedAt)}</TableCell>
                  <TableCell align="right">
                    {!(own && s.current) && (
                      <Button size="small" color="error" disabled={endOne.isPending} onClick={() => endOne.mutate(s.id)}>
                        {translate('app.security.end')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {(own ? others.length > 0 : data.length > 0) && (
        <Box>
          <Button variant="outlined" color="error" disabled={endMany.isPending} onClick={() => endMany.mutate()}>
            {endAllLabel}
          </Button>
        </Box>
      )}
    </Stack>
  );
};
