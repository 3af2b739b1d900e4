import HolidayVillageIcon from '@mui/icons-material/HolidayVillage';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

export const Logo = ({ size = 'small' }: { size?: 'small' | 'large' }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1 }} aria-label={translate('app.brand')}>
      <HolidayVillageIcon color="primary" fontSize={size} />
      <Typography variant={size === 'large' ? 'h5' : 'subtitle1'} fontWeight={700} color="primary">
        {translate('app.brand')}
      </Typography>
    </Box>
  );
};
