import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import {
  ACTIVE_STATUSES,
  COTTAGE_STATUSES,
  ORDER_STATUSES,
  type ActiveStatus,
  type CottageStatus,
  type OrderStatus,
} from '../../shared/enums';

export type Status = CottageStatus | ActiveStatus | OrderStatus;
export const STATUSES: readonly Status[] = [...new Set([...COTTAGE_STATUSES, ...ACTIVE_STATUSES, ...ORDER_STATUSES])];

/** One colour per status value, whichever enum it comes from ("progress" means waiting in both). */
export const STATUS_COLORS: Record<Status, ChipProps['color']> = {
  progress: 'warning',
  confirmed: 'success',
  rejected: 'error',
  active: 'success',
  inactive: 'error',
  success: 'success',
  cancelled: 'error',
};

function isStatus(value: unknown): value is Status {
  return typeof value === 'string' && (STATUSES as readonly string[]).includes(value);
}

/**
 * A coloured badge for a status field: the enum value gives the colour and the label (`app.status.<value>`, in the
 * user's language). A value the enums do not know is shown as it is, in grey.
 */
export const StatusChip = ({ source }: { source: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = record?.[source];
  if (value === undefined || value === null || value === '') return null;
  if (!isStatus(value)) return <Chip size="small" label={String(value)} />;
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[value]}
      label={translate(`app.status.${value}`)}
      data-testid={`status-${value}`}
    />
  );
};
