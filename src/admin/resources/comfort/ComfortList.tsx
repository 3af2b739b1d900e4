import { DataTable, List, SearchInput } from 'react-admin';
import { ImageColumn } from '../../components/ImageColumn';
import { ListActions } from '../../components/ListActions';
import { ListAside } from '../../components/ListAside';
import { RowActions } from '../../components/RowActions';
import { RowNumber } from '../../components/RowNumber';
import { useBulkDelete } from '../../components/useBulkDelete';
import { useTabTitle } from '../../layout/useTabTitle';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Columns: #, name, image (with its own edit dialog), edit, delete. */
export const ComfortList = () => {
  useTabTitle();
  const bulkActionButtons = useBulkDelete();
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }} actions={<ListActions />} aside={<ListAside />}>
      <DataTable bulkActionButtons={bulkActionButtons} rowClick={false}>
        <DataTable.Col source="id" disableSort render={() => <RowNumber />} />
        <DataTable.Col source="name" />
      <ImageColumn source="image" />
        <RowActions />
      </DataTable>
    </List>
  );
};
