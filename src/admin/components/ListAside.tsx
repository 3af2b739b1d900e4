import { Card, CardContent } from '@mui/material';
import type { ReactNode } from 'react';
import { SavedQueriesList } from 'react-admin';

/** The list's side panel: the user's saved queries (filter + sort), then the list's own quick filters. */
export const ListAside = ({ children }: { children?: ReactNode }) => (
  <Card sx={{ order: -1, mr: 2, mt: 8, width: 220, display: { xs: 'none', md: 'block' }, alignSelf: 'flex-start' }}>
    <CardContent>
      <SavedQueriesList />
      {children}
    </CardContent>
  </Card>
);
