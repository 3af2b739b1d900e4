import { DataTable, SearchInput } from 'react-admin';
import { KitDataTable, KitList } from '../../components/KitList';
import { RowActions } from '../../components/RowActions';
import { RowNumber } from '../../components/RowNumber';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Columns: #, name, edit, delete. The empty state reads `resources.region.empty`. */
export const RegionList = () => (
  <KitList filters={filters} sort={{ field: 'name', order: 'ASC' }}>
    <KitDataTable>
      <DataTable.Col source="id" disableSort render={() => <RowNumber />} />
      <DataTable.Col source="name" />
      <RowActions />
    </KitDataTable>
  </KitList>
);
