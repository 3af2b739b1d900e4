/**
 * The Webhooks page (issue #36, `webhook.manage`): the endpoints, a form to add or edit one (URL, events, on/off), its
 * signing secret shown once with a copy button (on create and on a new secret), "Send a test event", and each
 * endpoint's delivery log (status, answer code, time, attempts) with a Retry per delivery.
 */
import { ShownOnceDialog } from '../components/ShownOnceDialog';
import { useCallback, useEffect, useState } from 'react';
import {
  Autocomplete,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useFormat } from '../components/formats';
import { EVENT_CHOICES, webhookApi, type Webhook, type WebhookDelivery, type WebhookInput } from './webhookApi';

const T = (key: string) => `app.webhooks.${key}`;
const EMPTY: WebhookInput = { url: '', events: ['*'], description: '', enabled: true };

/** An error's message as the server said it (in the panel's language), else the generic one. */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'app.error.generic');

const EndpointDialog = ({ editing, onClose, onSaved }: { editing: Webhook | 'new'; onClose: () => void; onSaved: (secret?: string) => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [values, setValues] = useState<WebhookInput>(editing === 'new' ? EMPTY : { url: editing.url, events: editing.events, description: editing.description, enabled: editing.enabled });
  const [fieldError, setFieldError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    setFieldError(undefined);
    try {
      if (editing === 'new') onSaved((await webhookApi.create(values)).secret);
      else {
        await webhookApi.edit(editing.id, values);
        onSaved();
      }
    } catch (error) {
      const body = (error as { body?: { fields?: Record<string, string> } }).body;
      setFieldError(body?.fields?.url);
      notify(messageOf(error), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate(T(editing === 'new' ? 'create_title' : 'edit_title'))}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={translate(T('url'))}
            name="url"
            value={values.url}
            onChange={(e) => setValues({ ...values, url: e.target.value })}
            error={Boolean(fieldError)}
            helperText={fieldError ?? translate(T('url_help'))}
            required
            autoFocus
          />
          <Autocomplete
            multiple
            freeSolo
            options={EVENT_CHOICES}
            value={values.events}
            onChange={(_, events) => setValues({ ...values, events })}
            getOptionLabel={(option) => (option === '*' ? `* — ${translate(T('all_events'))}` : option)}
            renderInput={(params) => <TextField {...params} name="events" label={translate(T('events'))} helperText={translate(T('events_help'))} />}
          />
          <TextField label={translate(T('description'))} name="description" value={values.description} onChange={(e) => setValues({ ...values, description: e.target.value })} />
          <FormControlLabel control={<Switch checked={values.enabled} onChange={(e) => setValues({ ...values, enabled: e.target.checked })} />} label={translate(T('enabled'))} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(T('cancel'))}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving || !values.url || !values.events.length}>
          {translate(T('save'))}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** The secret, once: copy it now. */
const SecretDialog = ({ secret, onClose }: { secret: string; onClose: () => void }) => (
  <ShownOnceDialog value={secret} texts={{ title: T('secret_title'), once: T('secret_once'), copy: T('copy'), copied: T('copied'), close: T('close') }} testId="webhook-secret" onClose={onClose} />
);

const Deliveries = ({ endpoint }: { endpoint: Webhook }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const format = useFormat();
  const [rows, setRows] = useState<WebhookDelivery[]>([]);
  const load = useCallback(() => {
    webhookApi.deliveries(endpoint.id).then(setRows, (error: unknown) => notify(messageOf(error), { type: 'error' }));
  }, [endpoint.id, notify]);
  useEffect(() => {
    load();
    // The log moves by itself (retries, a test event): refresh it while it is shown.
    const timer = setInterval(load, 2000);
    return () => clearInterval(timer);
  }, [load]);
  const retry = async (delivery: WebhookDelivery) => {
    try {
      await webhookApi.retry(endpoint.id, delivery.id);
      notify(T('retried'), { type: 'info' });
      load();
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    }
  };
  return (
    <Box sx={{ mt: 3 }} data-testid="webhook-deliveries">
      <Stack direction="row" alignItems="center" spacing={2} sx={{ mb: 1 }}>
        <Typography variant="h6">{translate(T('deliveries_of'), { url: endpoint.url })}</Typography>
        <Button size="small" onClick={load}>
          {translate(T('refresh'))}
        </Button>
      </Stack>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{translate(T('no_deliveries'))}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate(T('time'))}</TableCell>
                <TableCell>{translate(T('event'))}</TableCell>
                <TableCell>{translate(T('status'))}</TableCell>
                <TableCell>{translate(T('code'))}</TableCell>
                <TableCell>{translate(T('attempts'))}</TableCell>
                <TableCell>{translate(T('error'))}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id} data-status={row.status}>
                  <TableCell>{format.dateTime(row.lastAttemptAt ?? row.createdAt)}</TableCell>
                  <TableCell>{row.eventType}</TableCell>
                  <TableCell>
                    <Chip size="small" color={row.status === 'delivered' ? 'success' : row.status === 'dead' ? 'error' : row.status === 'failed' ? 'warning' : 'default'} label={translate(T(`statuses.${row.status}`))} />
                  </TableCell>
                  <TableCell>{row.lastStatusCode ?? '—'}</TableCell>
                  <TableCell>{row.attempts}</TableCell>
                  <TableCell sx={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis' }}>{row.lastError ?? ''}</TableCell>
                  <TableCell>
                    <Button size="small" onClick={() => void retry(row)} disabled={row.status === 'sending'}>
                      {translate(T('retry'))}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
};

export const WebhooksPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const format = useFormat();
  const [endpoints, setEndpoints] = useState<Webhook[]>();
  const [editing, setEditing] = useState<Webhook | 'new'>();
  const [secret, setSecret] = useState<string>();
  const [shown, setShown] = useState<string>();
  const load = useCallback(() => {
    webhookApi.list().then(setEndpoints, (error: unknown) => notify(messageOf(error), { type: 'error' }));
  }, [notify]);
  useEffect(load, [load]);

  const act = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      if (done) notify(T(done), { type: 'info' });
      load();
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    }
  };
  const selected = endpoints?.find((e) => e.id === shown);

  return (
    <Box sx={{ p: 2 }}>
      <Title title={translate(T('title'))} />
      <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" alignItems={{ sm: 'center' }} spacing={1} sx={{ mb: 2 }}>
        <Typography color="text.secondary">{translate(T('intro'))}</Typography>
        <Button variant="contained" onClick={() => setEditing('new')}>
          {translate(T('add'))}
        </Button>
      </Stack>
      {endpoints?.length === 0 && <Typography className="KitList-empty">{translate(T('empty'))}</Typography>}
      {endpoints && endpoints.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="webhook-endpoints">
            <TableHead>
              <TableRow>
                <TableCell>{translate(T('url'))}</TableCell>
                <TableCell>{translate(T('events'))}</TableCell>
                <TableCell>{translate(T('enabled'))}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {endpoints.map((endpoint) => (
                <TableRow key={endpoint.id} selected={endpoint.id === shown}>
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    {endpoint.url}
                    {endpoint.description && (
                      <Typography variant="body2" color="text.secondary">
                        {endpoint.description}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    {endpoint.events.map((e) => (
                      <Chip key={e} size="small" label={e} sx={{ mr: 0.5, mb: 0.5 }} />
                    ))}
                  </TableCell>
                  <TableCell>
                    {translate(T(endpoint.enabled ? 'on' : 'off'))}
                    {endpoint.disabledReason === 'failing' && (
                      <Typography variant="body2" color="error">
                        {translate(T('failing'))}
                      </Typography>
                    )}
                    {endpoint.enabled && endpoint.failingSince && (
                      <Typography variant="body2" color="warning.main">
                        {translate(T('failing_since'), { time: format.dateTime(endpoint.failingSince) })}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5} flexWrap="wrap" useFlexGap>
                      <Button size="small" onClick={() => setShown(endpoint.id)}>
                        {translate(T('deliveries'))}
                      </Button>
                      <Button size="small" onClick={() => void act(() => webhookApi.test(endpoint.id).then(() => setShown(endpoint.id)), 'test_sent')}>
                        {translate(T('test'))}
                      </Button>
                      <Button size="small" onClick={() => setEditing(endpoint)}>
                        {translate(T('edit'))}
                      </Button>
                      <Button
                        size="small"
                        onClick={() => {
                          if (window.confirm(translate(T('confirm_rotate')))) void act(async () => setSecret((await webhookApi.rotate(endpoint.id)).secret));
                        }}
                      >
                        {translate(T('rotate'))}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => {
                          if (window.confirm(translate(T('confirm_delete')))) void act(() => webhookApi.remove(endpoint.id), 'deleted');
                        }}
                      >
                        {translate(T('delete'))}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {selected && <Deliveries key={selected.id} endpoint={selected} />}
      {editing && (
        <EndpointDialog
          editing={editing}
          onClose={() => setEditing(undefined)}
          onSaved={(created) => {
            setEditing(undefined);
            notify(T('saved'), { type: 'info' });
            if (created) setSecret(created);
            load();
          }}
        />
      )}
      {secret && <SecretDialog secret={secret} onClose={() => setSecret(undefined)} />}
    </Box>
  );
};
