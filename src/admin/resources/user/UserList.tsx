import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { AutocompleteInput, DataTable, ReferenceInput, SearchInput, TextField } from 'react-admin';
import { PhoneText } from '../../components/formats';
import { ImageThumb } from '../../components/ImageThumb';
import { KitDataTable, KitList } from '../../components/KitList';
import { ReferenceFilterList } from '../../components/QuickFilters';
import { RowActions } from '../../components/RowActions';
import { RowNumber } from '../../components/RowNumber';
import { RolesCell } from './fields';
import { SendNotificationButton } from './SendNotificationButton';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="roles" source="roles" reference="roles" sort={{ field: 'name', order: 'ASC' }}>
    <AutocompleteInput optionText="name" />
  </ReferenceInput>,
];

/**
 * Columns: #, username, name, image, phone, roles; quick filters by role. No password column: the API never sends one,
 * and a column of dots told the operator nothing (#34).
 */
export const UserList = () => (
  <KitList
    filters={filters}
    sort={{ field: 'createdAt', order: 'ASC' }}
    quickFilters={<ReferenceFilterList source="roles" reference="roles" label="resources.user.fields.roles" icon={<VerifiedUserIcon />} />}
  >
    <KitDataTable>
      <DataTable.Col source="id" disableSort render={() => <RowNumber />} />
      <DataTable.Col source="username" />
      <DataTable.Col source="name" render={() => <TextField source="name" emptyText="-" />} />
      <DataTable.Col source="image" disableSort render={() => <ImageThumb source="image" alt="" width={70} height={80} />} />
      <DataTable.Col source="phone" render={() => <PhoneText />} />
      <DataTable.Col source="roles" disableSort render={() => <RolesCell />} />
      <RowActions>
        <SendNotificationButton />
      </RowActions>
    </KitDataTable>
  </KitList>
);
