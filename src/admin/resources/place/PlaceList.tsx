import PublicIcon from '@mui/icons-material/Public';
import { DataTable, ReferenceInput, SearchInput } from 'react-admin';
import { KitDataTable, KitList } from '../../components/KitList';
import { ImageColumn } from '../../components/ImageColumn';
import { ReferenceFilterList } from '../../components/QuickFilters';
import { RowActions } from '../../components/RowActions';
import { RowNumber } from '../../components/RowNumber';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="regionId" source="regionId" reference="region" sort={{ field: 'name', order: 'ASC' }} />,
];

/** Columns: #, name, region, image (with its own edit dialog), edit, delete; quick filters by region. */
export const PlaceList = () => (
  <KitList
    filters={filters}
    sort={{ field: 'name', order: 'ASC' }}
    quickFilters={<ReferenceFilterList source="regionId" reference="region" label="resources.place.fields.regionId" icon={<PublicIcon />} />}
  >
    <KitDataTable>
      <DataTable.Col source="id" disableSort render={() => <RowNumber />} />
      <DataTable.Col source="name" />
      <DataTable.Col source="region.name" label="resources.place.fields.regionId" disableSort />
      <ImageColumn source="image" />
      <RowActions />
    </KitDataTable>
  </KitList>
);
