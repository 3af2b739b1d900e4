import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, Tooltip } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';

interface Props {
  /** The secret itself (a webhook's signing secret, an API key's token). */
  value: string;
  /** Text keys: the title, the warning that it is shown this once, the copy button, its toast, the close button. */
  texts: { title: string; once: string; copy: string; copied: string; close: string };
  testId: string;
  onClose: () => void;
}

/** A secret the server shows once: the warning, the value to select or copy, and Close. */
export const ShownOnceDialog = ({ value, texts, testId, onClose }: Props) => {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    await navigator.clipboard.writeText(value).catch(() => undefined);
    notify(texts.copied, { type: 'info' });
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate(texts.title)}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(texts.once)}
        </Alert>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box component="code" data-testid={testId} sx={{ wordBreak: 'break-all', p: 1, bgcolor: 'action.hover', borderRadius: 1, flex: 1 }}>
            {value}
          </Box>
          <Tooltip title={translate(texts.copy)}>
            <IconButton aria-label={translate(texts.copy)} onClick={() => void copy()}>
              <ContentCopyIcon />
            </IconButton>
          </Tooltip>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {translate(texts.close)}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
