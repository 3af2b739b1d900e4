import type { ReactNode } from 'react';
import { FilterList, FilterListItem, useCanAccess, useGetList } from 'react-admin';

interface ReferenceProps {
  /** The list filter the item sets, e.g. `regionId`. */
  source: string;
  /** The referenced resource (react-admin's name), e.g. `region`. */
  reference: string;
  label: string;
  icon: ReactNode;
  optionText?: string;
}

/** One quick filter per record of another resource (its first 100 by name); hidden without `<reference>.list`. */
export const ReferenceFilterList = ({ source, reference, label, icon, optionText = 'name' }: ReferenceProps) => {
  const { canAccess } = useCanAccess({ resource: reference, action: 'list' });
  const { data = [] } = useGetList(
    reference,
    { pagination: { page: 1, perPage: 100 }, sort: { field: optionText, order: 'ASC' } },
    { enabled: Boolean(canAccess) },
  );
  if (!canAccess || data.length === 0) return null;
  return (
    <FilterList label={label} icon={icon}>
      {data.map((record) => (
        <FilterListItem key={record.id} label={String(record[optionText] ?? record.id)} value={{ [source]: record.id }} />
      ))}
    </FilterList>
  );
};

interface EnumProps {
  source: string;
  values: readonly (string | boolean)[];
  label: string;
  icon: ReactNode;
  /** The text of a value: a translation key, given the value. */
  valueLabel: (value: string | boolean) => string;
}

/** One quick filter per value of an enum (or a boolean). */
export const EnumFilterList = ({ source, values, label, icon, valueLabel }: EnumProps) => (
  <FilterList label={label} icon={icon}>
    {values.map((value) => (
      <FilterListItem key={String(value)} label={valueLabel(value)} value={{ [source]: value }} />
    ))}
  </FilterList>
);
