import { DataTable, List, SearchInput } from 'react-admin';
import { ListAside } from '../../components/ListAside';
import { RowActions } from '../../components/RowActions';
import { RowNumber } from '../../components/RowNumber';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Columns: #, name, edit, delete. The empty state reads `resources.region.empty`. */
export const RegionList = () => (
  <List filters={filters} sort={{ field: 'name', order: 'ASC' }} aside={<ListAside />}>
    <DataTable bulkActionButtons={false} rowClick={false}>
      <DataTable.Col source="id" disableSort render={() => <RowNumber />} />
      <DataTable.Col source="name" />
      <DataTable.Col align="right">
        <RowActions />
      </DataTable.Col>
    </DataTable>
  </List>
);
