import EditIcon from '@mui/icons-material/PhotoCamera';
import { Box } from '@mui/material';
import { Link } from 'react-router-dom';
import { Button, DataTable, EditButton, List, SearchInput, useCreatePath, useRecordContext } from 'react-admin';
import { ActionsCol } from '../../components/ActionsCol';
import { DeleteButton } from '../../components/DeleteButton';
import { ImageThumb } from '../../components/ImageThumb';
import { ListAside } from '../../components/ListAside';
import { RowNumber } from '../../components/RowNumber';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

const ImageCell = () => {
  const record = useRecordContext();
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <ImageThumb source="image" width={60} height={50} />
      <Button
        component={Link}
        to={`${createPath({ resource: 'comfort', type: 'list' })}/${encodeURIComponent(record.id)}/image`}
        label="app.image.edit"
      >
        <EditIcon />
      </Button>
    </Box>
  );
};

/** Columns: #, name, image (with its own edit dialog), edit, delete. */
export const ComfortList = () => (
  <List resource="comfort" filters={filters} sort={{ field: 'name', order: 'ASC' }} aside={<ListAside />}>
    <DataTable bulkActionButtons={false} rowClick={false}>
      <DataTable.Col source="id" disableSort render={() => <RowNumber />} />
      <DataTable.Col source="name" />
      <DataTable.Col source="image" disableSort render={() => <ImageCell />} />
      <ActionsCol>
        <EditButton />
        <DeleteButton />
      </ActionsCol>
    </DataTable>
  </List>
);
