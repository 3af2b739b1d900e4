import CampaignIcon from '@mui/icons-material/Campaign';
import { DataTable, ReferenceInput, SearchInput } from 'react-admin';
import { KitDataTable, KitList } from '../../components/KitList';
import { ReferenceFilterList } from '../../components/QuickFilters';
import { RowActions } from '../../components/RowActions';
import { RowNumber } from '../../components/RowNumber';
import { PriceCell } from './fields';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="service_id" source="service_id" reference="services" sort={{ field: 'name', order: 'ASC' }} />,
];

/** Columns: #, days, description, price in sum, service, type, edit, delete; quick filters by service. */
export const TariffList = () => (
  <KitList
    filters={filters}
    sort={{ field: 'days', order: 'ASC' }}
    quickFilters={<ReferenceFilterList source="service_id" reference="services" label="resources.tariff.fields.service_id" icon={<CampaignIcon />} />}
  >
    <KitDataTable>
      <DataTable.Col source="id" disableSort render={() => <RowNumber />} />
      <DataTable.Col source="days" />
      <DataTable.Col source="description" />
      <DataTable.Col source="price" render={() => <PriceCell />} />
      <DataTable.Col source="service.name" label="resources.tariff.fields.service_id" disableSort />
      <DataTable.Col source="type" />
      <RowActions />
    </KitDataTable>
  </KitList>
);
