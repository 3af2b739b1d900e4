import FilterListIcon from '@mui/icons-material/FilterList';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import { Box, Card, CardContent, IconButton, Tooltip } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useFiltersOpen } from './layoutPrefs';
import { SavedQueriesList } from './SavedQueriesList';

const place = { order: -1, mr: 2, mt: 8, display: { xs: 'none', md: 'block' }, alignSelf: 'flex-start', flexShrink: 0 } as const;
/** The open panel stays in view while the list scrolls, and scrolls itself when it is taller than the screen. */
const sticky = { position: 'sticky', top: 72, maxHeight: 'calc(100vh - 88px)', overflowY: 'auto' } as const;

/**
 * The list's side panel: the user's saved queries (filter, sort, columns), kept on the server, then the list's own
 * quick filters. It folds into a narrow rail with one button, so the table gets the width on a laptop; the choice is
 * the user's and kept (`useFiltersOpen`). A list without quick filters starts folded whatever that choice: there the
 * panel would squeeze the search box and the row actions for a few saved queries (#34), so it opens only when asked,
 * for this visit.
 */
export const ListAside = ({ children, savedQueries }: { children?: ReactNode; savedQueries?: string }) => {
  const translate = useTranslate();
  const kept = useFiltersOpen();
  const forNow = useState(false);
  const [open, setOpen] = children ? kept : forNow;
  if (!open) {
    const name = translate('app.layout.filters');
    return (
      <Box sx={{ ...place, mr: 1 }} className="ListAside-rail">
        <Tooltip title={name} placement="right">
          <IconButton aria-label={name} aria-expanded={false} onClick={() => setOpen(true)} color="primary">
            <FilterListIcon />
          </IconButton>
        </Tooltip>
      </Box>
    );
  }
  const hide = translate('app.layout.filters_hide');
  return (
    <Card sx={{ ...place, ...sticky, width: 220 }} className="ListAside-panel">
      <Tooltip title={hide}>
        <IconButton aria-label={hide} aria-expanded onClick={() => setOpen(false)} size="small" sx={{ position: 'absolute', top: 4, right: 4 }}>
          <ChevronLeftIcon />
        </IconButton>
      </Tooltip>
      <CardContent sx={{ pt: 4 }}>
        <SavedQueriesList scope={savedQueries} />
        {children}
      </CardContent>
    </Card>
  );
};
