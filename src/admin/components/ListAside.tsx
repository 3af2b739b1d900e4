import { Card, CardContent } from '@mui/material';
import type { ReactNode } from 'react';
import { SavedQueriesList } from './SavedQueriesList';

/**
 * The list's side panel: the user's saved queries (filter, sort, columns), kept on the server, then the list's own
 * quick filters.
 */
export const ListAside = ({ children, savedQueries }: { children?: ReactNode; savedQueries?: string }) => (
  <Card sx={{ order: -1, mr: 2, mt: 8, width: 220, display: { xs: 'none', md: 'block' }, alignSelf: 'flex-start' }}>
    <CardContent>
      <SavedQueriesList scope={savedQueries} />
      {children}
    </CardContent>
  </Card>
);
