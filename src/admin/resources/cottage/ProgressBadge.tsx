import { Chip } from '@mui/material';
import { useStats } from '../../providers/useStats';

/** The menu's "+N": cottages waiting for moderation, shown only when there are some. */
export const ProgressBadge = () => {
  const { data } = useStats();
  const count = data?.progressCottages ?? 0;
  if (count <= 0) return null;
  return <Chip size="small" color="warning" label={`+${count}`} data-testid="progress-badge" />;
};
