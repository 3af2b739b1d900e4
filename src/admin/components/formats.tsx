/**
 * The panel's one way to show numbers, money and dates: the user's language (react-admin's locale) and the
 * marketplace's time zone (`timeZone` of `GET /config`; Asia/Tashkent, the default, until it has arrived).
 */
import { useWatch } from 'react-hook-form';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { DEFAULT_TIME_ZONE, formatDate, formatNumber, formatPhone } from '../../shared/format';
import { usePublicConfig } from './location/usePublicConfig';

export function useFormat() {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const timeZone = usePublicConfig().data?.timeZone ?? DEFAULT_TIME_ZONE;
  return {
    locale,
    timeZone,
    number: (value: number) => formatNumber(value, locale),
    /** `1 350 000 soʻm`, `1 350 000 сум`, `1,350,000 sum`. */
    price: (value: number) => translate('app.price.sum', { price: formatNumber(value, locale) }),
    date: (value: unknown) => formatDate(value as string, locale, timeZone),
    dateTime: (value: unknown) => formatDate(value as string, locale, timeZone, true),
  };
}

/** A record's phone as a list cell: `+998 91 111 22 33`, on one line. */
export const PhoneText = ({ source = 'phone' }: { source?: string }) => {
  const record = useRecordContext();
  const value = record?.[source];
  return typeof value === 'string' && value ? <span style={{ whiteSpace: 'nowrap' }}>{formatPhone(value)}</span> : null;
};

/** A record's date (or date and time) as a list cell. */
export const DateText = ({ source, withTime = false }: { source: string; withTime?: boolean }) => {
  const record = useRecordContext();
  const format = useFormat();
  const value = record?.[source];
  if (!value) return null;
  const date = format.date(value);
  if (!withTime) return <span style={{ whiteSpace: 'nowrap' }}>{date}</span>;
  // The date and the time each stay whole, but a narrow column may put the time under the date (`25 нояб. 2026 г.,`
  // then `14:05`): unbroken, the orders list was wider than a 1366 px laptop in ru and uz.
  const full = format.dateTime(value);
  const time = full.startsWith(date) ? full.slice(date.length).match(/^([^\d]*)(.*)$/) : null;
  if (!time) return <span style={{ whiteSpace: 'nowrap' }}>{full}</span>;
  return (
    <span>
      <span style={{ whiteSpace: 'nowrap' }}>{date + time[1].trimEnd()}</span> <span style={{ whiteSpace: 'nowrap' }}>{time[2]}</span>
    </span>
  );
};

/** Under a price input: the typed number as the lists will show it (`1 350 000 soʻm`), so a missing zero shows. */
export const PriceHint = ({ source }: { source: string }) => {
  const value: unknown = useWatch({ name: source });
  const format = useFormat();
  return typeof value === 'number' && Number.isFinite(value) ? <>{format.price(value)}</> : null;
};
