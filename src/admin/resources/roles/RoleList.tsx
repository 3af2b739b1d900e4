import { DataTable, SearchInput } from 'react-admin';
import { KitDataTable, KitList } from '../../components/KitList';
import { RowActions } from '../../components/RowActions';
import { RowNumber } from '../../components/RowNumber';
import { RolePermissions } from './RolePermissions';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Columns: #, name, the first five permissions (the rest behind "View all"), edit, delete with a confirmation. */
export const RoleList = () => (
  <KitList filters={filters} sort={{ field: 'name', order: 'ASC' }}>
    <KitDataTable>
      <DataTable.Col source="id" disableSort render={() => <RowNumber />} />
      <DataTable.Col source="name" label="resources.roles.namePlaceholder" />
      <DataTable.Col source="permissions" disableSort render={() => <RolePermissions />} />
      <RowActions />
    </KitDataTable>
  </KitList>
);
