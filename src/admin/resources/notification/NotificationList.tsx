import { Box, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { DataTable, SearchInput, useGetList, useListContext, useRecordContext, useTranslate } from 'react-admin';
import { KitDataTable, KitList } from '../../components/KitList';
import { NOTIFICATION_TYPES, type NotificationType } from '../../../shared/enums';
import { ImageThumb } from '../../components/ImageThumb';
import { ListActions } from '../../components/ListActions';
import { RowActions } from '../../components/RowActions';
import { RowNumber } from '../../components/RowNumber';
import { DateText } from '../../components/formats';

// The type is the toggle above the table, not a filter that can be switched off.
const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** The message as it was written, line breaks included. */
const MessageCell = () => {
  const record = useRecordContext<{ id: string; message?: string }>();
  return (
    <Box component="span" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {record?.message}
    </Box>
  );
};

const TypeCell = () => {
  const record = useRecordContext<{ id: string; type?: string }>();
  const translate = useTranslate();
  return record?.type ? <>{translate(`resources.notification.types.${record.type}`, { _: record.type })}</> : null;
};

/** How many notifications of one type (all of them without one), for the toggle's labels. */
function useTypeCount(type?: NotificationType): number | undefined {
  const { total } = useGetList('notification', { pagination: { page: 1, perPage: 1 }, filter: type ? { type } : {} });
  return total;
}

const ALL = 'all';

/**
 * The spec's two-way switch, Public | Personal, each with its count; "All" is a third, explicit choice. Choosing the
 * pressed one again keeps it (exclusive, never none).
 */
const TypeToggle = () => {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const counts: Record<NotificationType | typeof ALL, number | undefined> = {
    public: useTypeCount('public'),
    personal: useTypeCount('personal'),
    all: useTypeCount(),
  };
  const current = (filterValues.type as string | undefined) ?? ALL;
  const choose = (value: string | null) => {
    if (!value || value === current) return;
    const { type: _dropped, ...rest } = filterValues;
    setFilters(value === ALL ? rest : { ...rest, type: value }, displayedFilters);
  };
  const label = (value: string) => {
    const count = counts[value as NotificationType | typeof ALL];
    return `${translate(`resources.notification.types.${value}`)}${count === undefined ? '' : ` (${count})`}`;
  };
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={current}
      onChange={(_, value: string | null) => choose(value)}
      aria-label={translate('resources.notification.fields.type')}
      sx={{ m: 1, flexWrap: 'wrap' }}
    >
      {[...NOTIFICATION_TYPES, ALL].map((value) => (
        <ToggleButton key={value} value={value} sx={{ textTransform: 'none' }}>
          {label(value)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
};

/** The list opens filtered (public), so react-admin's own empty page never shows: the table says it instead. */
const NoRows = () => {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 2 }} color="text.secondary">
      {translate('resources.notification.empty')}
    </Typography>
  );
};

/** Public rows are only the message; personal rows add the user's name and image; unfiltered rows show the type. */
const Rows = () => {
  const { filterValues } = useListContext();
  const type: unknown = filterValues.type;
  return (
    <>
      <TypeToggle />
      <KitDataTable empty={<NoRows />}>
        <DataTable.Col source="id" disableSort render={() => <RowNumber />} />
        <DataTable.Col source="message" render={() => <MessageCell />} />
        {type === undefined && <DataTable.Col source="type" render={() => <TypeCell />} />}
        {type !== 'public' && <DataTable.Col source="name" />}
        {type !== 'public' && <DataTable.Col source="image" disableSort render={() => <ImageThumb source="image" width={40} height={40} />} />}
        <DataTable.Col source="createdAt" render={() => <DateText source="createdAt" withTime />} />
        <RowActions />
      </KitDataTable>
    </>
  );
};

/** Newest first; opens on the public ones, as the original did. No edit: a sent notification is only deleted. */
export const NotificationList = () => (
  <KitList
    filters={filters}
    filterDefaultValues={{ type: 'public' }}
    sort={{ field: 'createdAt', order: 'DESC' }}
    actions={<ListActions createLabel="resources.notification.add" />}
  >
    <Rows />
  </KitList>
);
