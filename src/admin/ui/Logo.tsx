import HolidayVillageIcon from '@mui/icons-material/HolidayVillage';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * The brand. Large, it is the login page's only heading (h1); small, in the sidebar's menu, it is plain text: no
 * heading (it would come before the page's h1) and no aria-label (a labelled div breaks the menu's list of items).
 */
export const Logo = ({ size = 'small' }: { size?: 'small' | 'large' }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1 }}>
      <HolidayVillageIcon color="primary" fontSize={size} />
      <Typography
        variant={size === 'large' ? 'h5' : 'subtitle1'}
        component={size === 'large' ? 'h1' : 'span'}
        fontWeight={700}
        color="primary"
      >
        {translate('app.brand')}
      </Typography>
    </Box>
  );
};
