import { Card, CardContent } from '@mui/material';
import { SavedQueriesList } from 'react-admin';

/** The list's side panel: the user's saved queries (filter + sort), kept in the browser. */
export const ListAside = () => (
  <Card sx={{ order: -1, mr: 2, mt: 8, width: 220, display: { xs: 'none', md: 'block' }, alignSelf: 'flex-start' }}>
    <CardContent>
      <SavedQueriesList />
    </CardContent>
  </Card>
);
