/**
 * The Profile's "API keys" (issue #36): the caller's keys (prefix, permissions, expiry, last used at and from, Revoke
 * with a confirmation), and "New key": a name, an expiry date and the permissions, limited to the caller's own. The
 * token is shown once, with a copy button and a warning.
 */
import { ShownOnceDialog } from '../components/ShownOnceDialog';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useFormat } from '../components/formats';
import type { PermissionGroup } from '../providers/apiExtras';
import { apiKeysApi, type ApiKey } from './apiKeysApi';

const KEYS = ['api-keys'];
const T = (key: string) => `app.api_keys.${key}`;
const DAY_MS = 86_400_000;
const MAX_DAYS = 365;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The permissions' names in the interface's language, when the caller may read the catalogue; else their codes. */
function usePermissionNames(codes: string[]) {
  const dataProvider = useDataProvider<{ permissionGroups(): Promise<PermissionGroup[]> } & ReturnType<typeof useDataProvider>>();
  const mayRead = codes.includes('permission.list');
  const groups = useQuery({ queryKey: ['permissionGroups'], queryFn: () => dataProvider.permissionGroups(), enabled: mayRead });
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const group of groups.data ?? []) for (const p of group.permission) names.set(p.code, `${group.label} · ${p.name}`);
    return (code: string) => names.get(code) ?? code;
  }, [groups.data]);
}

const TokenDialog = ({ token, onClose }: { token: string; onClose: () => void }) => (
  <ShownOnceDialog value={token} texts={{ title: T('token_title'), once: T('token_once'), copy: T('copy'), copied: T('copied'), close: T('close') }} testId="api-key-token" onClose={onClose} />
);

const NewKeyDialog = ({ own, onClose, onCreated }: { own: string[]; onClose: () => void; onCreated: (token: string) => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const nameOf = usePermissionNames(own);
  const today = new Date();
  const [name, setName] = useState('');
  const [expires, setExpires] = useState(isoDay(new Date(today.getTime() + 90 * DAY_MS)));
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const create = useMutation({
    mutationFn: () => apiKeysApi.create({ name: name.trim(), expiresAt: new Date(`${expires}T23:59:59`).toISOString(), permissions: [...chosen] }),
    onSuccess: (created) => onCreated(created.token),
    onError: (e: unknown) => notify(e instanceof Error ? e.message : 'app.error.generic', { type: 'error' }),
  });
  const toggle = (code: string) =>
    setChosen((old) => {
      const next = new Set(old);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });
  const sorted = useMemo(() => own.toSorted((a, b) => nameOf(a).localeCompare(nameOf(b))), [own, nameOf]);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate(T('create_title'))}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField label={translate(T('name'))} value={name} onChange={(e) => setName(e.target.value)} required autoFocus slotProps={{ htmlInput: { maxLength: 100 } }} />
          <TextField
            label={translate(T('expires'))}
            type="date"
            value={expires}
            onChange={(e) => setExpires(e.target.value)}
            required
            helperText={translate(T('expiry_help'))}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: isoDay(new Date(today.getTime() + DAY_MS)), max: isoDay(new Date(today.getTime() + MAX_DAYS * DAY_MS)) } }}
          />
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="subtitle1">
              {translate(T('permissions'))}
            </Typography>
            <FormHelperText>{translate(T('permissions_help'))}</FormHelperText>
            <Box sx={{ display: 'flex', gap: 1, my: 1 }}>
              <Button size="small" onClick={() => setChosen(new Set(own))}>
                {translate(T('all'))}
              </Button>
              <Button size="small" onClick={() => setChosen(new Set())}>
                {translate(T('none'))}
              </Button>
            </Box>
            <FormGroup sx={{ maxHeight: 280, overflowY: 'auto' }} className="ApiKeyPermissions">
              {sorted.map((code) => (
                <FormControlLabel key={code} control={<Checkbox checked={chosen.has(code)} onChange={() => toggle(code)} name={code} />} label={nameOf(code)} />
              ))}
            </FormGroup>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(T('cancel'))}</Button>
        <Button variant="contained" onClick={() => create.mutate()} disabled={create.isPending || !name.trim() || !expires || !chosen.size}>
          {translate(T('create'))}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

function status(key: ApiKey): 'revoked' | 'expired' | 'active' {
  if (key.revokedAt) return 'revoked';
  return Date.parse(key.expiresAt) <= Date.now() ? 'expired' : 'active';
}

/** `permissions`: the caller's own (`user/me`), the most a new key may hold. */
export const ApiKeysSection = ({ permissions }: { permissions: string[] }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const format = useFormat();
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useQuery({ queryKey: KEYS, queryFn: apiKeysApi.list });
  const [creating, setCreating] = useState(false);
  const [token, setToken] = useState<string>();
  const reload = () => void queryClient.invalidateQueries({ queryKey: KEYS });
  const revoke = useMutation({
    mutationFn: apiKeysApi.revoke,
    onSuccess: () => {
      notify(T('revoked_done'), { type: 'success' });
      reload();
    },
    onError: (e: unknown) => notify(e instanceof Error ? e.message : 'app.error.generic', { type: 'error' }),
  });

  return (
    <Box component="section" aria-labelledby="api-keys-title" className="ApiKeysSection" sx={{ mt: 4 }}>
      <Typography variant="h6" component="h3" id="api-keys-title" gutterBottom>
        {translate(T('title'))}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate(T('intro'))}
      </Typography>
      <Button variant="outlined" sx={{ mb: 2 }} onClick={() => setCreating(true)} disabled={!permissions.length}>
        {translate(T('add'))}
      </Button>
      {isPending && <CircularProgress size={24} aria-label={translate('ra.page.loading')} />}
      {isError && <Alert severity="error">{translate('app.error.generic')}</Alert>}
      {data && !data.length && <Typography color="text.secondary">{translate(T('empty'))}</Typography>}
      {data && data.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate(T('title'))}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(T('name'))}</TableCell>
                <TableCell>{translate(T('prefix'))}</TableCell>
                <TableCell>{translate(T('permissions'))}</TableCell>
                <TableCell>{translate(T('expires'))}</TableCell>
                <TableCell>{translate(T('last_used'))}</TableCell>
                <TableCell>{translate(T('status'))}</TableCell>
                <TableCell>
                  <Box component="span" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                    {translate('app.row_actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((key) => {
                const state = status(key);
                return (
                  <TableRow key={key.id} data-api-key={key.id}>
                    <TableCell>{key.name}</TableCell>
                    <TableCell>
                      <code>dk_{key.prefix}…</code>
                    </TableCell>
                    <TableCell title={key.permissions.join(', ')}>{translate(T('permissions_count'), { count: key.permissions.length, smart_count: key.permissions.length })}</TableCell>
                    <TableCell>{format.date(key.expiresAt)}</TableCell>
                    <TableCell>
                      {key.lastUsedAt ? `${format.dateTime(key.lastUsedAt)} ${key.lastUsedIp ? translate(T('last_used_from'), { address: key.lastUsedIp }) : ''}` : translate(T('never_used'))}
                    </TableCell>
                    <TableCell>
                      <Chip size="small" color={state === 'active' ? 'success' : 'default'} label={translate(T(state))} />
                    </TableCell>
                    <TableCell align="right">
                      {!key.revokedAt && (
                        <Button
                          size="small"
                          color="error"
                          disabled={revoke.isPending}
                          onClick={() => {
                            if (window.confirm(translate(T('confirm_revoke'), { name: key.name }))) revoke.mutate(key.id);
                          }}
                        >
                          {translate(T('revoke'))}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
      {creating && (
        <NewKeyDialog
          own={permissions}
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setToken(created);
            reload();
          }}
        />
      )}
      {token && <TokenDialog token={token} onClose={() => setToken(undefined)} />}
    </Box>
  );
};
