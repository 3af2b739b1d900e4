import { DataTable, SearchInput } from 'react-admin';
import { KitDataTable, KitList } from '../../components/KitList';
import { ImageColumn } from '../../components/ImageColumn';
import { RowActions } from '../../components/RowActions';
import { RowNumber } from '../../components/RowNumber';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Columns: #, name, image (with its own edit dialog), edit, delete. */
export const ComfortList = () => (
  <KitList filters={filters} sort={{ field: 'name', order: 'ASC' }}>
    <KitDataTable>
      <DataTable.Col source="id" disableSort render={() => <RowNumber />} />
      <DataTable.Col source="name" />
      <ImageColumn source="image" />
      <RowActions />
    </KitDataTable>
  </KitList>
);
