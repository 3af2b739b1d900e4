import { NumberInput, maxValue, minValue, required, useRecordContext, useTranslate, type Validator } from 'react-admin';
import { PriceHint, useFormat } from '../../components/formats';

const integer: Validator = (value) =>
  value === null || value === undefined || value === '' || Number.isInteger(Number(value)) ? undefined : 'app.validation.integer';

/** The server's bounds: days 1…3650, price 0…2 000 000 000, both whole. */
const daysRules = [required(), integer, minValue(1), maxValue(3650)];
const priceRules = [required(), integer, minValue(0), maxValue(2_000_000_000)];

/**
 * Days and price as whole numbers (NumberInput hands them over as numbers, never as strings). No native `step`/`min`:
 * the browser would answer in its own language; these validators speak the UI language.
 */
export const DaysAndPrice = () => {
  const translate = useTranslate();
  return (
    <>
      <NumberInput source="days" validate={daysRules} placeholder={translate('resources.tariff.days_placeholder')} />
      <NumberInput source="price" validate={priceRules} placeholder={translate('resources.tariff.price_placeholder')} helperText={<PriceHint source="price" />} />
    </>
  );
};

/** "25 000 soʻm", grouped the way the UI language writes numbers. */
export const PriceCell = () => {
  const record = useRecordContext();
  const format = useFormat();
  if (typeof record?.price !== 'number') return null;
  return <span style={{ whiteSpace: 'nowrap' }}>{format.price(record.price)}</span>;
};
