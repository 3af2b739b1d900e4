import { Box, Chip, Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { RecordContextProvider, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { StatusChip, WRAPPING_CHIP } from '../../components/StatusChip';
import { useFormat } from '../../components/formats';

/** The cottage's name, linking to the cottage. */
export const CottageCell = () => {
  const record = useRecordContext();
  const createPath = useCreatePath();
  if (!record?.cottage) return null;
  return (
    <MuiLink component={Link} to={createPath({ resource: 'cottage', type: 'edit', id: record.cottage.id })}>
      {record.cottage.name}
    </MuiLink>
  );
};

/** The buyer's name or username; "—" once the user was deleted. */
export const UserCell = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return <>{record.user ? (record.user.name ?? record.user.username) : translate('resources.order.deleted_user')}</>;
};

/** The tariff's service by its name (#34: not its code), the code's label beside it in a quiet chip. */
export const ServiceCell = () => {
  const record = useRecordContext();
  if (!record?.tariff?.service) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
      <span>{record.tariff.service.name}</span>
      <RecordContextProvider value={record.tariff.service}>
        <StatusChip source="serviceCode" />
      </RecordContextProvider>
    </Box>
  );
};

/**
 * One status per order (#34): the order's own (in progress, success, cancelled), and "Inactive" under it only when the
 * order was switched off, the rare case; the active/inactive column itself is one click away in Columns.
 */
export const OrderStatusCell = () => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexDirection: 'column', alignItems: 'flex-start' }}>
      <StatusChip source="orderStatus" />
      {record.status === 'inactive' && <StatusChip source="status" />}
    </Box>
  );
};

/** Whether "Make premium" was done and, when it was, the placement's dates. */
export const ActivatedCell = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const format = useFormat();
  if (!record) return null;
  if (!record.premiumActivatedAt) return <Chip size="small" variant="outlined" sx={WRAPPING_CHIP} label={translate('resources.order.not_activated')} />;
  // Each date stays whole (no-break spaces), but the sentence may wrap between them to fit a laptop's orders list.
  const date = (value: unknown) => (value ? format.date(value).replace(/ /g, '\u00a0') : '…');
  return (
    <Box data-testid="order-activated">
      <Chip size="small" color="success" sx={WRAPPING_CHIP} label={translate('resources.order.activated')} />
      {record.premium && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {translate('resources.order.placed_until', { from: date(record.premium.createdAt), to: date(record.premium.expireAt) })}
        </Typography>
      )}
    </Box>
  );
};
