import { DataTable, List, SearchInput } from 'react-admin';
import { ImageColumn } from '../../components/ImageColumn';
import { ListAside } from '../../components/ListAside';
import { RowActions } from '../../components/RowActions';
import { RowNumber } from '../../components/RowNumber';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Columns: #, name, image (with its own edit dialog), edit, delete. */
export const ComfortList = () => (
  <List resource="comfort" filters={filters} sort={{ field: 'name', order: 'ASC' }} aside={<ListAside />}>
    <DataTable bulkActionButtons={false} rowClick={false}>
      <DataTable.Col source="id" disableSort render={() => <RowNumber />} />
      <DataTable.Col source="name" />
      <ImageColumn source="image" />
      <DataTable.Col align="right">
        <RowActions />
      </DataTable.Col>
    </DataTable>
  </List>
);
