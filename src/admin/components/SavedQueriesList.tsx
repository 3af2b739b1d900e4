/**
 * react-admin's `SavedQueriesList`, kept on the server instead of the browser store (which logout wipes): the aside
 * lists the caller's saved queries and the ones colleagues shared; a click applies the filter, the sort and (when
 * saved) the DataTable's columns; "save current query" asks a name and whether to share it; only one's own are
 * renamed, shared or removed.
 */
import BookmarkIcon from '@mui/icons-material/BookmarkBorder';
import AddIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import SharedIcon from '@mui/icons-material/PeopleOutline';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Confirm, HttpError, useListContext, useNotify, useStore, useTranslate } from 'react-admin';
import { SAVED_QUERY_NAME_MAX } from '../../shared/limits';
import { savedQueriesApi, savedQueriesKey, type SavedQuery, type SavedQueryValue } from '../providers/savedQueries';

/** Key order does not matter: the URL and the server may list a filter's keys differently. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
  }
  return value;
}
const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

interface Props {
  /** The DataTable's `storeKey` when the list sets one (react-admin's default is `<resource>.datatable`). */
  storeKey?: string;
  /** The route the queries are kept under; by default the list's resource (another for a second list of it). */
  scope?: string;
}

export const SavedQueriesList = ({ storeKey, scope }: Props) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { resource: listResource, filterValues, sort, setFilters, setSort, isPending: listPending } = useListContext();
  const resource = scope ?? listResource;
  const columnsKey = storeKey ?? `${resource}.datatable`;
  const [hidden, setHidden] = useStore<string[] | undefined>(columnsKey);
  const [ranks, setRanks] = useStore<number[] | undefined>(`${columnsKey}_columnRanks`);
  const [dialog, setDialog] = useState<{ editing?: SavedQuery } | null>(null);
  const [removing, setRemoving] = useState<SavedQuery | null>(null);

  const key = savedQueriesKey(resource);
  // Asked for once the list's page has arrived, like the quick filters: the rows come first.
  const { data: saved = [], isError } = useQuery({ queryKey: key, queryFn: () => savedQueriesApi.list(resource), enabled: !listPending });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const remove = useMutation({
    mutationFn: (id: string) => savedQueriesApi.remove(id),
    onSuccess: () => notify('app.saved_queries.removed', { type: 'info' }),
    onError: () => notify('app.saved_queries.failed', { type: 'error' }),
    onSettled: refresh,
  });

  const isCurrent = (q: SavedQuery) => same(q.query.filter, filterValues) && same(q.query.sort, sort);
  const selected = saved.find(isCurrent);

  const current = (): SavedQueryValue => ({
    filter: filterValues,
    sort: { field: sort.field, order: sort.order === 'DESC' ? 'DESC' : 'ASC' },
    // Columns only once the user chose some: otherwise the list's own defaults keep applying.
    ...(hidden || ranks ? { columns: { hidden: hidden ?? [], ...(ranks ? { ranks } : {}) } } : {}),
  });

  const apply = (q: SavedQuery) => {
    if (selected?.id === q.id) {
      setFilters({}, {});
      return;
    }
    // Show the input of every filter the query sets; both calls land in one URL change (react-admin batches them).
    setFilters(q.query.filter, Object.fromEntries(Object.keys(q.query.filter).map((k) => [k, true])));
    setSort(q.query.sort);
    if (q.query.columns) {
      setHidden(q.query.columns.hidden);
      if (q.query.columns.ranks) setRanks(q.query.columns.ranks);
    }
  };

  const headerAction = selected?.own ? (
    <Tooltip title={translate('ra.saved_queries.remove_label')}>
      <IconButton size="small" aria-label={translate('ra.saved_queries.remove_label')} onClick={() => setRemoving(selected)}>
        <RemoveIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  ) : (
    <Tooltip title={translate('ra.saved_queries.new_label')}>
      <IconButton size="small" aria-label={translate('ra.saved_queries.new_label')} onClick={() => setDialog({})}>
        <AddIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );

  return (
    <Box component="section" aria-labelledby="saved-queries-title" sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <BookmarkIcon fontSize="small" aria-hidden />
        <Typography id="saved-queries-title" variant="body2" component="h2" sx={{ fontWeight: 500, flex: 1, textTransform: 'uppercase' }}>
          {translate('ra.saved_queries.label')}
        </Typography>
        {headerAction}
      </Box>
      {isError && (
        <Typography variant="caption" color="error">
          {translate('app.saved_queries.load_failed')}
        </Typography>
      )}
      {!isError && saved.length === 0 && (
        <Typography variant="caption" color="text.secondary">
          {translate('ra.saved_queries.help')}
        </Typography>
      )}
      <List dense disablePadding data-testid="saved-queries">
        {saved.map((q) => (
          <SavedQueryItem
            key={q.id}
            query={q}
            selected={selected?.id === q.id}
            onApply={() => apply(q)}
            onEdit={() => setDialog({ editing: q })}
            onRemove={() => setRemoving(q)}
          />
        ))}
      </List>
      {dialog && (
        <SavedQueryDialog
          resource={resource}
          editing={dialog.editing}
          value={current}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            void refresh();
          }}
        />
      )}
      <Confirm
        isOpen={removing !== null}
        loading={remove.isPending}
        title="ra.saved_queries.remove_dialog_title"
        content="ra.saved_queries.remove_message"
        onConfirm={() => {
          if (removing) remove.mutate(removing.id);
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
};

interface ItemProps {
  query: SavedQuery;
  selected: boolean;
  onApply: () => void;
  onEdit: () => void;
  onRemove: () => void;
}

const SavedQueryItem = ({ query, selected, onApply, onEdit, onRemove }: ItemProps) => {
  const translate = useTranslate();
  const sharedBy = query.own ? undefined : translate('app.saved_queries.shared_by', { name: query.owner.name });
  const actions = query.own ? (
    <Box sx={{ display: 'flex' }}>
      <IconButton size="small" aria-label={translate('app.saved_queries.edit_label', { name: query.name })} onClick={onEdit}>
        <EditIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label={translate('ra.saved_queries.remove_label_with_name', { name: query.name })} onClick={onRemove}>
        <RemoveIcon fontSize="small" />
      </IconButton>
    </Box>
  ) : null;
  return (
    <ListItem disablePadding secondaryAction={actions} data-shared={query.shared} data-own={query.own}>
      <ListItemButton selected={selected} onClick={onApply} sx={{ pl: 1, pr: query.own ? 9 : 1 }}>
        {query.shared && <SharedIcon fontSize="small" sx={{ mr: 1 }} titleAccess={translate('app.saved_queries.shared')} />}
        <ListItemText primary={query.name} secondary={sharedBy} sx={{ m: 0 }} />
      </ListItemButton>
    </ListItem>
  );
};

interface DialogProps {
  resource: string;
  /** The query being renamed or (un)shared; absent: save the list's current query. */
  editing?: SavedQuery;
  value: () => SavedQueryValue;
  onClose: () => void;
  onDone: () => void;
}

const SavedQueryDialog = ({ resource, editing, value, onClose, onDone }: DialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [name, setName] = useState(editing?.name ?? '');
  const [shared, setShared] = useState(editing?.shared ?? false);
  const [error, setError] = useState<string | undefined>();

  const save = useMutation({
    mutationFn: () =>
      editing
        ? savedQueriesApi.update(editing.id, { name: name.trim(), shared })
        : savedQueriesApi.create({ resource, name: name.trim(), query: value(), shared }),
    onSuccess: () => {
      notify(editing ? 'app.saved_queries.updated' : 'app.saved_queries.saved', { type: 'info' });
      onDone();
    },
    onError: (e) => {
      const status = e instanceof HttpError ? e.status : 0;
      if (status === 409) setError('app.saved_queries.name_taken');
      else if (status === 400 && (e as HttpError).body?.fields?.name) setError('app.saved_queries.name_invalid');
      else if (status === 400) setError('app.saved_queries.invalid');
      else notify('app.saved_queries.failed', { type: 'error' });
    },
  });

  const trimmed = name.trim();
  const valid = trimmed.length >= 1 && trimmed.length <= SAVED_QUERY_NAME_MAX;
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!valid) {
      setError('app.saved_queries.name_invalid');
      return;
    }
    save.mutate();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="saved-query-dialog-title" fullWidth maxWidth="xs">
      <DialogTitle id="saved-query-dialog-title">
        {translate(editing ? 'app.saved_queries.edit_title' : 'ra.saved_queries.new_dialog_title')}
      </DialogTitle>
      <form onSubmit={submit}>
        <DialogContent>
          <TextField
            autoFocus
            margin="dense"
            label={translate('ra.saved_queries.query_name')}
            fullWidth
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(undefined);
            }}
            error={Boolean(error)}
            helperText={error ? translate(error) : ' '}
            slotProps={{ htmlInput: { maxLength: SAVED_QUERY_NAME_MAX + 10 } }}
          />
          <FormControlLabel
            control={<Checkbox checked={shared} onChange={(e) => setShared(e.target.checked)} />}
            label={translate('app.saved_queries.shared')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
