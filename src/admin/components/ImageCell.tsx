import EditIcon from '@mui/icons-material/PhotoCamera';
import { Box } from '@mui/material';
import { Link } from 'react-router-dom';
import { Button, useCreatePath, useRecordContext, useResourceContext } from 'react-admin';
import { ImageThumb } from './ImageThumb';

// Stand-in until the shared ImageColumn lands (feat/admin); same behaviour as the comfort list's cell.
export const ImageCell = () => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <ImageThumb source="image" width={60} height={50} />
      <Button
        component={Link}
        to={`${createPath({ resource, type: 'list' })}/${encodeURIComponent(record.id)}/image`}
        label="app.image.edit"
      >
        <EditIcon />
      </Button>
    </Box>
  );
};
