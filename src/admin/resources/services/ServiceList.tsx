import LabelIcon from '@mui/icons-material/Label';
import { Box } from '@mui/material';
import { DataTable, SearchInput, SelectInput, useRecordContext } from 'react-admin';
import { NoImage } from '../../components/ImageThumb';
import { KitDataTable, KitList } from '../../components/KitList';
import { SERVICE_CODES } from '../../../shared/enums';
import { EnumFilterList } from '../../components/QuickFilters';
import { RowActions } from '../../components/RowActions';
import { StatusChip } from '../../components/StatusChip';
import { RowNumber } from '../../components/RowNumber';
import { imageUrl } from '../../providers/imageUrl';
import { codeChoices, codeLabel } from './codes';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="serviceCode" source="serviceCode" choices={codeChoices} />,
];

/** Every image of the service, small and side by side. */
const ImagesCell = () => {
  const record = useRecordContext();
  const images: string[] = Array.isArray(record?.images) ? record.images : [];
  if (!images.length) return <NoImage width={50} height={50} />;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, maxWidth: 220 }}>
      {images.map((path) => (
        <img key={path} src={imageUrl(path)} alt="" width={50} height={50} loading="lazy" style={{ objectFit: 'cover', borderRadius: 4 }} />
      ))}
    </Box>
  );
};

/** Columns: #, name, images, the code chip, description, edit, delete; quick filters by code. */
export const ServiceList = () => (
  <KitList
    filters={filters}
    sort={{ field: 'name', order: 'ASC' }}
    quickFilters={
      <EnumFilterList
        source="serviceCode"
        values={SERVICE_CODES}
        label="resources.services.fields.serviceCode"
        icon={<LabelIcon />}
        valueLabel={(code) => codeLabel(String(code))}
      />
    }
  >
    <KitDataTable>
      <DataTable.Col source="id" disableSort render={() => <RowNumber />} />
      <DataTable.Col source="name" />
      <DataTable.Col source="images" disableSort render={() => <ImagesCell />} />
      <DataTable.Col source="serviceCode" render={() => <StatusChip source="serviceCode" />} />
      <DataTable.Col source="description" />
      <RowActions />
    </KitDataTable>
  </KitList>
);
