import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Box } from '@mui/material';
import { DataTable, type DataTableColumnProps } from 'react-admin';
import { imageDialogPath } from './imageDialog';
import { ImageThumb } from './ImageThumb';
import { IfRowAccess } from './rowAccess';
import { RecordLinkButton } from './RecordLinkButton';

interface Size {
  width?: number;
  height?: number;
}

const ImageDialogLink = () => (
  <RecordLinkButton
    to={(createPath, resource, id) => imageDialogPath(createPath({ resource, type: 'list' }), id)}
    label="app.image.edit"
    icon={<PhotoCameraIcon />}
  />
);

/** Opens the resource's image dialog (`imageDialogRoute`); shown only with `<resource>.edit`. */
export const EditImageButton = () => (
  <IfRowAccess action="edit">
    <ImageDialogLink />
  </IfRowAccess>
);

// The row names the record already, so the thumbnail is decorative (empty alt): the cell reads "Edit image".
const ImageCell = ({ source, width, height }: Size & { source: string }) => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
    <ImageThumb source={source} alt="" width={width} height={height} />
    <EditImageButton />
  </Box>
);

type Props = Size & Omit<DataTableColumnProps, 'render' | 'children'>;

/** A list column with the record's image thumbnail and, for users who may edit, the button to replace it. */
export const ImageColumn = ({ source = 'image', width = 60, height = 50, ...rest }: Props) => (
  <DataTable.Col
    source={source}
    disableSort
    {...rest}
    render={() => <ImageCell source={source} width={width} height={height} />}
  />
);
