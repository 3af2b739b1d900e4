import { Card, CardContent } from '@mui/material';
import type { ReactNode } from 'react';
import { SavedQueriesList } from './SavedQueriesList';

/** The list's side panel: the saved queries (filter, sort, columns, kept on the server), then the quick filters. */
export const ListAside = ({ children }: { children?: ReactNode }) => (
  <Card sx={{ order: -1, mr: 2, mt: 8, width: 220, display: { xs: 'none', md: 'block' }, alignSelf: 'flex-start' }}>
    <CardContent>
      <SavedQueriesList />
      {children}
    </CardContent>
  </Card>
);
