/**
 * The command palette (issue #34): Ctrl+K (⌘K), or "/" outside a text box, opens it anywhere in the panel. It searches
 * on the server (`GET /search`: only what the caller may list, folded as the lists fold) and offers the daily actions
 * the caller may take. Arrows choose, Enter opens, Esc closes; a click works too, and a button in the app bar opens it
 * on a phone.
 */
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Dialog,
  IconButton,
  InputAdornment,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useBasename, useCanAccess, useCreatePath, useDataProvider, useNavigate, useTranslate } from 'react-admin';
import { resources } from '../../shared/resources';
import type { SearchResult } from '../../shared/schemas/search';
import type { AppDataProvider } from '../providers/dataProvider';

const DEBOUNCE_MS = 200;

/** A line of the palette: a record found, or an action; `to` is the whole path (with the panel's basename). */
interface Line {
  key: string;
  primary: string;
  secondary?: string;
  to: string;
}

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

/** The actions the caller may take, matched against what was typed. */
function useActions(typed: string): Line[] {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const basename = useBasename();
  const moderate = useCanAccess({ resource: resources.cottage.route, action: 'moderate' }).canAccess;
  const region = useCanAccess({ resource: resources.region.route, action: 'create' }).canAccess;
  const place = useCanAccess({ resource: resources.place.route, action: 'create' }).canAccess;
  const user = useCanAccess({ resource: resources.user.route, action: 'create' }).canAccess;
  const creates = [
    [region, resources.region.route],
    [place, resources.place.route],
    [user, resources.user.route],
  ] as const;
  const all: Line[] = [
    ...(moderate ? [{ key: 'review', primary: translate('app.palette.next_in_queue'), to: `${basename}/review` }] : []),
    ...creates
      .filter(([allowed]) => allowed)
      .map(([, route]) => ({ key: `new-${route}`, primary: translate(`resources.${route}.add`), to: createPath({ resource: route, type: 'create' }) })),
  ];
  const wanted = typed.trim().toLocaleLowerCase();
  return all.filter((line) => !wanted || line.primary.toLocaleLowerCase().includes(wanted));
}

const PaletteDialog = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState(0);
  const q = useDebounced(typed.trim());
  const { data, isFetching, isError } = useQuery({
    queryKey: ['search', q],
    queryFn: () => dataProvider.search(q),
    enabled: q.length > 0,
    staleTime: 10_000,
  });
  const found: Line[] = (q ? (data ?? []) : []).map((r: SearchResult) => {
    const route = resources[r.resource].route;
    return {
      key: `${r.resource}-${r.id}`,
      primary: r.title || r.id,
      secondary: [translate(`resources.${route}.name`, { smart_count: 1 }), r.subtitle].filter(Boolean).join(' · '),
      to: createPath({ resource: route, id: r.id, type: 'edit' }),
    };
  });
  const actions = useActions(typed);
  const lines = [...found, ...actions];
  const at = Math.min(chosen, Math.max(0, lines.length - 1));
  useEffect(() => setChosen(0), [q]);

  const open = (line: Line | undefined) => {
    if (!line) return;
    onClose();
    navigate(line.to);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setChosen((lines.length + at + step) % Math.max(1, lines.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      open(lines[at]);
    }
  };
  const item = (line: Line, index: number) => (
    <ListItemButton key={line.key} id={`palette-${index}`} role="option" aria-selected={index === at} selected={index === at} onClick={() => open(line)}>
      <ListItemText primary={line.primary} secondary={line.secondary} slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }} />
    </ListItemButton>
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-label={translate('app.palette.title')} sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }} data-testid="command-palette">
      <Box sx={{ p: 2, pb: 1 }}>
        <TextField
          autoFocus
          fullWidth
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={translate('app.palette.placeholder')}
          slotProps={{
            htmlInput: { 'aria-label': translate('app.palette.title'), role: 'combobox', 'aria-expanded': lines.length > 0, 'aria-controls': 'palette-lines', 'aria-activedescendant': lines.length ? `palette-${at}` : undefined },
            input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> },
          }}
        />
      </Box>
      {isFetching ? <LinearProgress aria-label={translate('app.palette.searching')} /> : <Box sx={{ height: 4 }} />}
      <List id="palette-lines" role="listbox" dense sx={{ maxHeight: '60vh', overflowY: 'auto', pt: 0 }}>
        {found.length > 0 && <ListSubheader>{translate('app.palette.results')}</ListSubheader>}
        {found.map((line, i) => item(line, i))}
        {actions.length > 0 && <ListSubheader>{translate('app.palette.actions')}</ListSubheader>}
        {actions.map((line, i) => item(line, found.length + i))}
      </List>
      {isError && <Alert severity="error" sx={{ mx: 2, mb: 1 }}>{translate('app.palette.failed')}</Alert>}
      {!isError && q && data && !isFetching && found.length === 0 && (
        <Typography sx={{ px: 2, pb: 1 }} color="text.secondary">{translate('app.palette.nothing', { q })}</Typography>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ px: 2, pb: 1.5, display: { xs: 'none', sm: 'block' } }}>
        {translate('app.palette.hint')}
      </Typography>
    </Dialog>
  );
};

/** Whether a key press is typing into something (where "/" is a character, not the palette). */
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The app bar's search button and the palette it opens, with its keyboard shortcuts. */
export const CommandPalette = () => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const ctrlK = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !typingIn(event.target);
      if (!ctrlK && !slash) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <Tooltip title={translate('app.palette.open')}>
        <IconButton color="inherit" onClick={() => setOpen(true)} aria-label={translate('app.palette.open')} aria-keyshortcuts="Control+K /">
          <SearchIcon />
        </IconButton>
      </Tooltip>
      {open && <PaletteDialog onClose={() => setOpen(false)} />}
    </>
  );
};
