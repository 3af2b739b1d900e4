/**
 * Claims outside the desk: the queue's "Held by Aziz" chip, the edit page's "Aziz is reviewing this cottage (until
 * 14:32)", and the queue's way into the desk.
 */
import PersonIcon from '@mui/icons-material/Person';
import RateReviewIcon from '@mui/icons-material/RateReview';
import { Alert, Chip } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Link, useBasename, useCanAccess, useDataProvider, useGetIdentity, useRecordContext, useTranslate, type Identifier } from 'react-admin';
import { useFormat } from '../../../components/formats';
import type { AppDataProvider } from '../../../providers/dataProvider';
import type { HeldCottage } from '../../../providers/reviewApi';
import { useLiveChanges } from '../../../live/LiveProvider';

const T = 'resources.cottage.review';
/** Live events refresh the claims as they change; this only catches what a dropped stream missed. */
const CLAIMS_REFRESH_MS = 60_000;
/** A cottage's changes that take or give back a claim (a decision releases it). */
const CLAIM_CHANGES = new Set(['claim', 'release', 'undo', 'edit', 'bulkEdit', 'delete', 'bulkDelete']);
const CLAIMS_KEY = ['cottage', 'claims'] as const;

/** Every current claim by cottage id (asked by whoever may list cottages, as the server allows). */
function useClaims() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'cottage', action: 'list' });
  return useQuery({
    queryKey: [...CLAIMS_KEY],
    queryFn: async () => new Map((await dataProvider.cottageClaims()).map((c) => [c.cottageId, c] as const)),
    enabled: Boolean(canAccess),
    refetchInterval: CLAIMS_REFRESH_MS,
    staleTime: 5_000,
  });
}

/** Reads the claims again when a moderator takes or gives one back: mounted once per screen that shows them. */
export function useClaimsKeptLive() {
  const queryClient = useQueryClient();
  useLiveChanges('cottage', (change) => {
    if (CLAIM_CHANGES.has(change.action)) void queryClient.invalidateQueries({ queryKey: [...CLAIMS_KEY] });
  });
}

/** The claim on a cottage that has not expired yet. */
function liveClaim(claims: Map<string, HeldCottage> | undefined, id: Identifier | undefined, now = Date.now()): HeldCottage | undefined {
  const claim = id === undefined ? undefined : claims?.get(String(id));
  return claim && new Date(claim.expiresAt).getTime() > now ? claim : undefined;
}

/** A queue row's "Held by Aziz". */
export const HeldByChip = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const { data } = useClaims();
  const claim = liveClaim(data, record?.id);
  if (!claim) return null;
  return <Chip size="small" color="info" variant="outlined" icon={<PersonIcon />} label={translate(`${T}.held_by`, { name: claim.userName })} data-testid="held-by" />;
};

/** On a cottage's edit page: who else is reviewing it, and until when. */
export const ClaimNotice = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const format = useFormat();
  const { data: identity } = useGetIdentity();
  const { data } = useClaims();
  useClaimsKeptLive();
  const claim = liveClaim(data, record?.id);
  if (!claim || (identity && String(identity.id) === claim.userId)) return null;
  const time = new Intl.DateTimeFormat(format.locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: format.timeZone }).format(new Date(claim.expiresAt));
  return (
    <Alert severity="info" sx={{ mb: 1 }} data-testid="claim-notice">
      {translate(`${T}.held_until`, { name: claim.userName, time })}
    </Alert>
  );
};

/** The queue's way into the desk, for `cottage.moderate` holders. */
export const ReviewButton = () => {
  const basename = useBasename();
  const { canAccess } = useCanAccess({ resource: 'cottage', action: 'moderate' });
  if (!canAccess) return null;
  return (
    <Button component={Link} to={`${basename}/review`} label={`${T}.open`} variant="contained" sx={{ ml: 'auto', alignSelf: 'center' }}>
      <RateReviewIcon />
    </Button>
  );
};
