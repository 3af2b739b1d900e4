import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';

/** Any unknown address, logged in or not. "Back to Home" goes to `/`, which forwards a logged-in user on. */
export const NotFound = () => {
  const translate = useTranslate();
  return (
    <Box component="main" sx={{ minHeight: '70vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 4 }}>
      <div>
        <Typography variant="h1" fontWeight={800} aria-hidden>
          {translate('app.not_found.code')}
        </Typography>
        <Typography variant="h4" component="h1" gutterBottom>
          {translate('app.not_found.title')}
        </Typography>
        <Typography color="text.secondary" paragraph>
          {translate('app.not_found.text')}
        </Typography>
        <Button component={Link} to="/" variant="contained" sx={{ borderRadius: 8 }}>
          {translate('app.not_found.back')}
        </Button>
      </div>
    </Box>
  );
};
