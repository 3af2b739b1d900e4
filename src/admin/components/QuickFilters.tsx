import CancelIcon from '@mui/icons-material/CancelOutlined';
import { IconButton } from '@mui/material';
import type { ReactNode } from 'react';
import { FilterList, FilterListItem, useCanAccess, useGetList, useListContext, useListFilterContext, useTranslate } from 'react-admin';

/**
 * react-admin's FilterListItem, whose remove button (shown while the item is on) is named "Remove this filter":
 * react-admin's own is an unnamed icon (axe `button-name`).
 */
export const QuickFilterItem = ({ label, value }: { label: string; value: Record<string, unknown> }) => {
  const { filterValues, displayedFilters, setFilters } = useListFilterContext();
  const translate = useTranslate();
  const selected = Object.entries(value).every(([key, v]) => filterValues[key] === v);
  const remove = () => {
    const rest = { ...filterValues };
    for (const key of Object.keys(value)) delete rest[key];
    setFilters(rest, displayedFilters);
  };
  const action = (
    <IconButton
      size="small"
      aria-label={translate('ra.action.remove_filter')}
      onClick={(event) => {
        event.stopPropagation();
        remove();
      }}
    >
      <CancelIcon />
    </IconButton>
  );
  return <FilterListItem label={label} value={value} secondaryAction={selected ? action : null} />;
};

interface ReferenceProps {
  /** The list filter the item sets, e.g. `regionId`. */
  source: string;
  /** The referenced resource (react-admin's name), e.g. `region`. */
  reference: string;
  label: string;
  icon: ReactNode;
  optionText?: string;
}

/**
 * One quick filter per record of another resource (its first 100 by name); hidden without `<reference>.list`. Asked
 * for once the list's own page has arrived: the rows come first (the embedded database answers one call at a time).
 */
export const ReferenceFilterList = ({ source, reference, label, icon, optionText = 'name' }: ReferenceProps) => {
  const { canAccess } = useCanAccess({ resource: reference, action: 'list' });
  const { isPending: listPending } = useListContext();
  const { data = [] } = useGetList(
    reference,
    { pagination: { page: 1, perPage: 100 }, sort: { field: optionText, order: 'ASC' } },
    { enabled: Boolean(canAccess) && !listPending },
  );
  if (!canAccess || data.length === 0) return null;
  return (
    <FilterList label={label} icon={icon}>
      {data.map((record) => (
        <QuickFilterItem key={record.id} label={String(record[optionText] ?? record.id)} value={{ [source]: record.id }} />
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
      <QuickFilterItem key={String(value)} label={valueLabel(value)} value={{ [source]: value }} />
    ))}
  </FilterList>
);
