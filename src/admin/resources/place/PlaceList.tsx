import PublicIcon from '@mui/icons-material/Public';
import { DataTable, List, ReferenceInput, SearchInput } from 'react-admin';
import { ImageColumn } from '../../components/ImageColumn';
import { ListActions } from '../../components/ListActions';
import { ListAside } from '../../components/ListAside';
import { ReferenceFilterList } from '../../components/QuickFilters';
import { RowActions } from '../../components/RowActions';
import { RowNumber } from '../../components/RowNumber';
import { useBulkDelete } from '../../components/useBulkDelete';
import { useTabTitle } from '../../layout/useTabTitle';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="regionId" source="regionId" reference="region" sort={{ field: 'name', order: 'ASC' }} />,
];

/** Columns: #, name, region, image (with its own edit dialog), edit, delete; quick filters by region. */
export const PlaceList = () => {
  useTabTitle();
  const bulkActionButtons = useBulkDelete();
  return (
    <List
      title="resources.place.title"
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      actions={<ListActions />}
      aside={
        <ListAside>
          <ReferenceFilterList source="regionId" reference="region" label="resources.place.fields.regionId" icon={<PublicIcon />} />
        </ListAside>
      }
    >
      <DataTable bulkActionButtons={bulkActionButtons} rowClick={false}>
        <DataTable.Col source="id" disableSort render={() => <RowNumber />} />
        <DataTable.Col source="name" />
        <DataTable.Col source="region.name" label="resources.place.fields.regionId" disableSort />
        <ImageColumn source="image" />
        <RowActions />
      </DataTable>
    </List>
  );
};
