import CancelIcon from '@mui/icons-material/CancelOutlined';
import { Button, IconButton } from '@mui/material';
import { useState, type ReactNode } from 'react';
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

/** How many of a long list of quick filters show before "More": the panel should fit a laptop's screen. */
const SHOWN = 8;

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
  const { filterValues } = useListFilterContext();
  const translate = useTranslate();
  const [expanded, setExpanded] = useState(false);
  if (!canAccess || data.length === 0) return null;
  // The chosen one stays in view when the rest is folded.
  const chosen = data.findIndex((record) => filterValues[source] === record.id);
  const shown = expanded || data.length <= SHOWN ? data : data.filter((_, i) => i < SHOWN || i === chosen);
  return (
    <FilterList label={label} icon={icon}>
      {shown.map((record) => (
        <QuickFilterItem key={record.id} label={String(record[optionText] ?? record.id)} value={{ [source]: record.id }} />
      ))}
      {data.length > SHOWN && (
        <Button size="small" sx={{ ml: 1 }} onClick={() => setExpanded(!expanded)} aria-expanded={expanded}>
          {expanded ? translate('app.layout.less') : translate('app.layout.more', { count: data.length - shown.length })}
        </Button>
      )}
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
