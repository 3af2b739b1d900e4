import FilterListIcon from '@mui/icons-material/FilterList';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import { Box, Card, CardContent, IconButton, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useFiltersOpen } from './layoutPrefs';
import { SavedQueriesList } from './SavedQueriesList';

const place = { order: -1, mr: 2, mt: 8, display: { xs: 'none', md: 'block' }, alignSelf: 'flex-start', flexShrink: 0 } as const;

/**
 * The list's side panel: the user's saved queries (filter, sort, columns), kept on the server, then the list's own
 * quick filters. It folds into a narrow rail with one button, so the table gets the width on a laptop; the choice is
 * the user's and kept (`useFiltersOpen`).
 */
export const ListAside = ({ children, savedQueries }: { children?: ReactNode; savedQueries?: string }) => {
  const translate = useTranslate();
  const [open, setOpen] = useFiltersOpen();
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
    <Card sx={{ ...place, width: 220, position: 'relative' }} className="ListAside-panel">
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
