import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import {
  ACTIVE_STATUSES,
  COTTAGE_STATUSES,
  ORDER_STATUSES,
  SERVICE_CODES,
  type ActiveStatus,
  type CottageStatus,
  type OrderStatus,
  type ServiceCode,
} from '../../shared/enums';

type Status = CottageStatus | ActiveStatus | OrderStatus | ServiceCode;
const STATUSES: readonly Status[] = [...new Set([...COTTAGE_STATUSES, ...ACTIVE_STATUSES, ...ORDER_STATUSES, ...SERVICE_CODES])];

/** One colour per status value, whichever enum it comes from ("progress" means waiting in both). */
const STATUS_COLORS: Record<Status, ChipProps['color']> = {
  progress: 'warning',
  confirmed: 'success',
  rejected: 'error',
  active: 'success',
  inactive: 'error',
  success: 'success',
  cancelled: 'error',
  // A service's code (the original's green badge).
  top: 'success',
  recommended: 'success',
};

function isStatus(value: unknown): value is Status {
  return typeof value === 'string' && (STATUSES as readonly string[]).includes(value);
}

/**
 * A coloured badge for a status field: the enum value gives the colour and the label (`app.status.<value>`, in the
 * user's language). A value the enums do not know is shown as it is, in grey.
 */
/**
 * A chip whose label may take two lines: a status like `Faollashtirilmagan` is wider than its column on a 1366 px
 * laptop, and an unbreakable chip kept the orders list wider than the screen in uz and ru.
 */
export const WRAPPING_CHIP = { height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } } as const;

export const StatusChip = ({ source }: { source: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = record?.[source];
  if (value === undefined || value === null || value === '') return null;
  if (!isStatus(value)) return <Chip size="small" sx={WRAPPING_CHIP} label={String(value)} />;
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[value]}
      sx={WRAPPING_CHIP}
      label={translate(`app.status.${value}`)}
      data-testid={`status-${value}`}
    />
  );
};
