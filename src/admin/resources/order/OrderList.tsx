import BoltIcon from '@mui/icons-material/Bolt';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import {
  AutocompleteInput,
  BulkUpdateButton,
  DataTable,
  ReferenceInput,
  SearchInput,
  SelectInput,
  useCanAccess,
  useTranslate,
} from 'react-admin';
import { ACTIVE_STATUSES, ORDER_STATUSES } from '../../../shared/enums';
import { KitDataTable, KitList } from '../../components/KitList';
import { EnumFilterList } from '../../components/QuickFilters';
import { RowActions } from '../../components/RowActions';
import { RowNumber } from '../../components/RowNumber';
import { StatusChip } from '../../components/StatusChip';
import { useBulkDelete } from '../../components/useBulkDelete';
import { ActivePreButton } from './ActivePreButton';
import { ActivatedCell, CottageCell, OrderStatusCell, ServiceCell, UserCell } from './cells';
import { DateText } from '../../components/formats';

const statusChoices = (values: readonly string[]) => values.map((id) => ({ id, name: `app.status.${id}` }));
const activatedChoices = [
  { id: 'true', name: 'resources.order.activated' },
  { id: 'false', name: 'resources.order.not_activated' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="orderStatus" source="orderStatus" choices={statusChoices(ORDER_STATUSES)} />,
  <SelectInput key="status" source="status" choices={statusChoices(ACTIVE_STATUSES)} />,
  <SelectInput key="activated" source="activated" choices={activatedChoices} />,
  <ReferenceInput key="cottageId" source="cottageId" reference="cottage" sort={{ field: 'name', order: 'ASC' }}>
    <AutocompleteInput optionText="name" />
  </ReferenceInput>,
  <ReferenceInput key="userId" source="userId" reference="user" sort={{ field: 'username', order: 'ASC' }}>
    <AutocompleteInput optionText="username" />
  </ReferenceInput>,
  <ReferenceInput key="tariffId" source="tariffId" reference="tariff" sort={{ field: 'days', order: 'ASC' }}>
    <AutocompleteInput optionText="type" />
  </ReferenceInput>,
];

const QuickFilters = () => {
  const translate = useTranslate();
  return (
    <>
      <EnumFilterList
        source="orderStatus"
        values={ORDER_STATUSES}
        label="resources.order.fields.orderStatus"
        icon={<LocalOfferIcon />}
        valueLabel={(v) => translate(`app.status.${String(v)}`)}
      />
      <EnumFilterList
        source="status"
        values={ACTIVE_STATUSES}
        label="resources.order.fields.status"
        icon={<ToggleOnIcon />}
        valueLabel={(v) => translate(`app.status.${String(v)}`)}
      />
      <EnumFilterList
        source="activated"
        values={['true', 'false']}
        label="resources.order.fields.activated"
        icon={<BoltIcon />}
        valueLabel={(v) => translate(v === 'true' ? 'resources.order.activated' : 'resources.order.not_activated')}
      />
    </>
  );
};

/** Bulk: set the status of every selected order in one call (the bulk endpoint), and delete for those who may. */
const BulkActions = () => {
  const bulkDelete = useBulkDelete();
  const { canAccess } = useCanAccess({ resource: 'order', action: 'edit' });
  return (
    <>
      {canAccess && (
        <>
          <BulkUpdateButton label="resources.order.bulk.set_active" data={{ status: 'active' }} mutationMode="pessimistic" />
          <BulkUpdateButton label="resources.order.bulk.set_inactive" data={{ status: 'inactive' }} mutationMode="pessimistic" />
        </>
      )}
      {bulkDelete}
    </>
  );
};

/**
 * Newest first. No create: orders come from the marketplace. The order's own expiry and its active/inactive switch
 * start hidden (the Columns button shows them): the status column says "Inactive" under the order's status when it
 * is, and with every column the table filled a 1366 px laptop in ru to within a few pixels. An activated order's
 * placement dates stay in view.
 */
export const OrderList = () => (
  <KitList filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} quickFilters={<QuickFilters />}>
    <KitDataTable bulkActionButtons={<BulkActions />} hiddenColumns={['expireAt', 'status']}>
      <DataTable.Col source="id" disableSort render={() => <RowNumber />} />
      <DataTable.Col source="cottage" render={() => <CottageCell />} />
      <DataTable.Col source="user" render={() => <UserCell />} />
      <DataTable.Col source="tariff" disableSort render={(r) => r.tariff?.type} />
      <DataTable.Col source="service" disableSort render={() => <ServiceCell />} />
      <DataTable.Col source="orderStatus" render={() => <OrderStatusCell />} />
      <DataTable.Col source="status" render={() => <StatusChip source="status" />} />
      <DataTable.Col source="activated" disableSort render={() => <ActivatedCell />} />
      <DataTable.Col source="createdAt" render={() => <DateText source="createdAt" withTime />} />
      <DataTable.Col source="expireAt" render={() => <DateText source="expireAt" />} />
      <RowActions>
        <ActivePreButton />
      </RowActions>
    </KitDataTable>
  </KitList>
);
