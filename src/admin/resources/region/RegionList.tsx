import { DataTable, List, SearchInput } from 'react-admin';
import { ListActions } from '../../components/ListActions';
import { ListAside } from '../../components/ListAside';
import { RowActions } from '../../components/RowActions';
import { RowNumber } from '../../components/RowNumber';
import { useBulkDelete } from '../../components/useBulkDelete';
import { useTabTitle } from '../../layout/useTabTitle';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Columns: #, name, edit, delete. The empty state reads `resources.region.empty`. */
export const RegionList = () => {
  useTabTitle();
  const bulkActionButtons = useBulkDelete();
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }} actions={<ListActions />} aside={<ListAside />}>
      <DataTable bulkActionButtons={bulkActionButtons} rowClick={false}>
        <DataTable.Col source="id" disableSort render={() => <RowNumber />} />
        <DataTable.Col source="name" />
        <RowActions />
      </DataTable>
    </List>
  );
};
