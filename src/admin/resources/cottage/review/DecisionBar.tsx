import CheckIcon from '@mui/icons-material/CheckCircle';
import BlockIcon from '@mui/icons-material/Block';
import EditIcon from '@mui/icons-material/Edit';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import { Button, Paper } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { DESK_KEYS } from './deskKeys';
import { Kbd } from './Kbd';

const T = 'resources.cottage.review';

/**
 * The desk's decisions, big and always in reach: a bar stuck to the bottom of the screen (a phone's thumb reaches
 * it), each button showing its key.
 */
export const DecisionBar = ({ disabled, onApprove, onReject, onSkip, onEdit }: { disabled: boolean; onApprove(): void; onReject(): void; onSkip(): void; onEdit(): void }) => {
  const translate = useTranslate();
  const button = (label: string, key: string, icon: ReactNode, onClick: () => void, props: object) => (
    <Button size="large" disabled={disabled} onClick={onClick} startIcon={icon} sx={{ flex: { xs: '1 1 40%', sm: '0 1 auto' }, minHeight: 48, whiteSpace: 'nowrap' }} {...props}>
      {translate(`${T}.${label}`)}
      <Kbd>{key}</Kbd>
    </Button>
  );
  return (
    <Paper
      elevation={6}
      data-testid="decision-bar"
      sx={{ position: 'sticky', bottom: 0, zIndex: 2, mt: 2, p: 1, display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: { sm: 'flex-end' } }}
    >
      {button('edit', DESK_KEYS.edit, <EditIcon />, onEdit, { variant: 'text' })}
      {button('skip', DESK_KEYS.skip, <SkipNextIcon />, onSkip, { variant: 'outlined' })}
      {button('reject', DESK_KEYS.reject, <BlockIcon />, onReject, { variant: 'contained', color: 'error' })}
      {button('approve', DESK_KEYS.approve, <CheckIcon />, onApprove, { variant: 'contained', color: 'success' })}
    </Paper>
  );
};
