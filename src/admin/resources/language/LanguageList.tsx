import EditIcon from '@mui/icons-material/PhotoCamera';
import { Box, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Button, DataTable, EditButton, List, SearchInput, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { DeleteButton } from '../../components/DeleteButton';
import { ImageThumb } from '../../components/ImageThumb';
import { ListActions } from '../../components/ListActions';
import { ListAside } from '../../components/ListAside';
import { RowNumber } from '../../components/RowNumber';
import { useBulkDelete } from '../../components/useBulkDelete';
import { useTabTitle } from '../../layout/useTabTitle';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

const ImageCell = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {record.image ? (
        <ImageThumb source="image" width={45} height={30} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.language.image_missing')}
        </Typography>
      )}
      <Button
        component={Link}
        to={`${createPath({ resource: 'language', type: 'list' })}/${encodeURIComponent(record.id)}/image`}
        label="app.image.edit"
      >
        <EditIcon />
      </Button>
    </Box>
  );
};

/** Deleting a language deletes every definition written in it: the question says how many. */
const LanguageDelete = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const count = typeof record?.definitions === 'number' ? record.definitions : 0;
  return <DeleteButton content={count > 0 ? translate('resources.language.delete_warning', { smart_count: count }) : undefined} />;
};

/** Columns: #, image, code, title, definitions, edit, delete; uz, ru and en first, then the others by creation. */
export const LanguageList = () => {
  useTabTitle();
  const bulkActionButtons = useBulkDelete();
  return (
    <List
      title="resources.language.title"
      filters={filters}
      sort={{ field: 'position', order: 'ASC' }}
      actions={<ListActions />}
      aside={<ListAside />}
    >
      <DataTable bulkActionButtons={bulkActionButtons} rowClick={false}>
        <DataTable.Col source="id" disableSort render={() => <RowNumber />} />
        <DataTable.Col source="image" disableSort render={() => <ImageCell />} />
        <DataTable.Col source="code" />
        <DataTable.Col source="title" />
        <DataTable.NumberCol source="definitions" />
        <DataTable.Col align="right">
          <EditButton />
          <LanguageDelete />
        </DataTable.Col>
      </DataTable>
    </List>
  );
};
