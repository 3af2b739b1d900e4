import { Alert, Box, Button, Card, Chip, CircularProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
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

/** A session's facts, declared once for the table (a laptop) and the cards (a phone). */
function useSessionColumns() {
  const translate = useTranslate();
  const format = useFormat();
  return [
    {
      label: translate('app.security.device_column'),
      cell: (s: Session) => (
        <>
          {deviceLabel(translate, s)}
          {s.current && <Chip size="small" color="primary" label={translate('app.security.this_device')} sx={{ ml: 1 }} />}
        </>
      ),
    },
    { label: translate('app.security.address'), cell: (s: Session) => s.address ?? '—' },
    { label: translate('app.security.started'), cell: (s: Session) => format.dateTime(s.createdAt) },
    { label: translate('app.security.last_seen'), cell: (s: Session) => format.dateTime(s.lastUsedAt) },
  ];
}

/** A table on a wider screen; below 600 px one card per session (each fact a line, "End" at the bottom), as lists do. */
const SessionRows = ({ sessions, endButton }: { sessions: Session[]; endButton: (s: Session) => ReactNode }) => {
  const translate = useTranslate();
  const columns = useSessionColumns();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (phone)
    return (
      <Stack spacing={1} className="SessionCards" aria-label={translate('app.security.sessions')}>
        {sessions.map((s) => (
          <Card key={s.id} variant="outlined" data-session={s.id}>
            <Table size="small" sx={{ tableLayout: 'fixed', '& th': { width: '38%', color: 'text.secondary', verticalAlign: 'top' }, '& td': { overflowWrap: 'anywhere' } }}>
              <TableBody>
                {columns.map((column) => (
                  <TableRow key={column.label}>
                    <TableCell component="th" scope="row">
                      {column.label}
                    </TableCell>
                    <TableCell>{column.cell(s)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Box sx={{ p: 1, textAlign: 'right', '&:empty': { display: 'none' } }}>{endButton(s)}</Box>
          </Card>
        ))}
      </Stack>
    );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('app.security.sessions')}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.label}>{column.label}</TableCell>
            ))}
            {/* Named for screen readers (axe `empty-table-header`), not shown. */}
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                {translate('app.row_actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sessions.map((s) => (
            <TableRow key={s.id} data-session={s.id}>
              {columns.map((column) => (
                <TableCell key={column.label}>{column.cell(s)}</TableCell>
              ))}
              <TableCell align="right">{endButton(s)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};

/** Live sessions: device, address, started, last seen; "End" on each, and one button for all (others). */
export const SessionsTable = ({ queryKey, load, end, endAll, endAllLabel, own }: Props) => {
  const translate = useTranslate();
  const notify = useNotify();
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
  const endButton = (s: Session) =>
    own && s.current ? null : (
      <Button size="small" color="error" disabled={endOne.isPending} onClick={() => endOne.mutate(s.id)}>
        {translate('app.security.end')}
      </Button>
    );
  return (
    <Stack spacing={1} className="SessionsTable">
      {data.length === 0 ? (
        <Typography color="text.secondary">{translate('app.security.no_sessions')}</Typography>
      ) : (
        <SessionRows sessions={data} endButton={endButton} />
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
