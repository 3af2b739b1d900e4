import GroupIcon from '@mui/icons-material/Group';
import { Box, Typography } from '@mui/material';
import { DataTable, SearchInput, SelectInput, useGetList, useListContext, useRecordContext, useTranslate } from 'react-admin';
import { KitDataTable, KitList } from '../../components/KitList';
import { NOTIFICATION_TYPES, type NotificationType } from '../../../shared/enums';
import { ImageThumb } from '../../components/ImageThumb';
import { ListActions } from '../../components/ListActions';
import { EnumFilterList } from '../../components/QuickFilters';
import { RowActions } from '../../components/RowActions';
import { RowNumber } from '../../components/RowNumber';
import { DateText } from '../../components/formats';

const typeChoices = NOTIFICATION_TYPES.map((id) => ({ id, name: `resources.notification.types.${id}` }));
const filters = [<SearchInput key="q" source="q" alwaysOn />, <SelectInput key="type" source="type" choices={typeChoices} />];

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

/** How many notifications of one type there are, for the quick filter's label. */
function useTypeCount(type: NotificationType): number | undefined {
  const { total } = useGetList('notification', { pagination: { page: 1, perPage: 1 }, filter: { type } });
  return total;
}

/** Public / Personal, each with its count. */
const TypeFilter = () => {
  const translate = useTranslate();
  const counts: Record<NotificationType, number | undefined> = { public: useTypeCount('public'), personal: useTypeCount('personal') };
  return (
    <EnumFilterList
      source="type"
      values={NOTIFICATION_TYPES}
      label="resources.notification.fields.type"
      icon={<GroupIcon />}
      valueLabel={(v) => {
        const count = counts[v as NotificationType];
        return `${translate(`resources.notification.types.${String(v)}`)}${count === undefined ? '' : ` (${count})`}`;
      }}
    />
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
    <KitDataTable empty={<NoRows />}>
      <DataTable.Col source="id" disableSort render={() => <RowNumber />} />
      <DataTable.Col source="message" render={() => <MessageCell />} />
      {type === undefined && <DataTable.Col source="type" render={() => <TypeCell />} />}
      {type !== 'public' && <DataTable.Col source="name" />}
      {type !== 'public' && <DataTable.Col source="image" disableSort render={() => <ImageThumb source="image" width={40} height={40} />} />}
      <DataTable.Col source="createdAt" render={() => <DateText source="createdAt" withTime />} />
      <RowActions />
    </KitDataTable>
  );
};

/** Newest first; opens on the public ones, as the original did. No edit: a sent notification is only deleted. */
export const NotificationList = () => (
  <KitList
    filters={filters}
    filterDefaultValues={{ type: 'public' }}
    sort={{ field: 'createdAt', order: 'DESC' }}
    actions={<ListActions createLabel="resources.notification.add" />}
    quickFilters={<TypeFilter />}
  >
    <Rows />
  </KitList>
);
