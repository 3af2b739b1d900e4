import KeyboardIcon from '@mui/icons-material/Keyboard';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Title, useBasename, useCanAccess, useDataProvider, useNavigate, useTranslate } from 'react-admin';
import { useTabTitle } from '../../../ui/useTabTitle';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { DecisionBar } from './DecisionBar';
import { CottageFacts, OwnerFacts } from './DeskDetails';
import { deskActionOf, DESK_KEYS } from './deskKeys';
import { BackToQueue, DeskEmpty, DeskError, DeskLoading } from './DeskStates';
import { HelpOverlay } from './HelpOverlay';
import { Kbd } from './Kbd';
import { PhotoViewer, photosOf } from './PhotoViewer';
import { PriceMedians } from './PriceMedians';
import { RejectDialog } from './RejectDialog';
import { SessionCounts } from './SessionCounts';
import { TemplatesDialog } from './TemplatesDialog';
import { othersChangedRecord, useLiveChanges } from '../../../live/LiveProvider';
import { useDesk } from './useDesk';
import { useReasonTemplates } from './useReasonTemplates';
import { SignalPanel } from '../signals/SignalPanel';

const T = 'resources.cottage.review';

/**
 * The review desk (`/review`): one claimed cottage at a time with everything needed to decide, decided by keyboard
 * (A, R, S, J/K, E, ?) or the bottom bar; the next cottage is claimed as soon as one is decided or skipped.
 */
const Desk = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const basename = useBasename();
  const dataProvider = useDataProvider<AppDataProvider>();
  const desk = useDesk();
  // The shown cottage changed elsewhere (not a claim's coming and going): read it again, or move on if decided.
  useLiveChanges('cottage', (change) => {
    if (othersChangedRecord(change)) void desk.recheck(change.ids);
  });
  const { current, status, busy, stats } = desk;
  const [photo, setPhoto] = useState(0);
  const [rejecting, setRejecting] = useState(false);
  /** The reason a signal's "reject with this reason" opened the dialog with. */
  const [signalReason, setSignalReason] = useState<string | undefined>();
  const [managing, setManaging] = useState(false);
  const [help, setHelp] = useState(false);
  const templates = useReasonTemplates();
  const id = current ? String(current.id) : null;
  const facts = useQuery({ queryKey: ['cottage', 'desk', id], queryFn: () => dataProvider.deskFacts(id!), enabled: id !== null });
  const photos = current ? photosOf(current) : [];
  useEffect(() => setPhoto(0), [id]);

  const edit = () => {
    if (!id) return;
    desk.keepClaim.current = true;
    navigate(`${basename}/cottage/${id}`);
  };
  const actions = {
    approve: () => void desk.decide('confirmed'),
    reject: () => {
      setSignalReason(undefined);
      setRejecting(true);
    },
    skip: () => void desk.skip(),
    next: () => setPhoto((i) => (photos.length ? (i + 1) % photos.length : 0)),
    prev: () => setPhoto((i) => (photos.length ? (i - 1 + photos.length) % photos.length : 0)),
    edit,
    help: () => setHelp((h) => !h),
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') return setHelp(false);
      if (rejecting || managing) return;
      const action = deskActionOf(event);
      if (!action || (action !== 'help' && !current) || (busy && action !== 'next' && action !== 'prev' && action !== 'help')) return;
      event.preventDefault();
      actions[action]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const header = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      <Typography variant="h5" component="h1" sx={{ flex: '1 1 auto' }}>
        {translate(`${T}.title`)}
      </Typography>
      <SessionCounts stats={stats} />
      <Button startIcon={<KeyboardIcon />} onClick={actions.help} aria-pressed={help} sx={{ display: { xs: 'none', md: 'inline-flex' } }}>
        {translate(`${T}.help`)}
        <Kbd>{DESK_KEYS.help}</Kbd>
      </Button>
      <BackToQueue />
    </Box>
  );

  let body;
  if (current) {
    body = (
      <Box sx={{ opacity: busy ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={busy} data-testid="review-cottage" data-id={id}>
        <Typography variant="h5" component="h2" sx={{ mb: 1, overflowWrap: 'anywhere' }} data-testid="review-name">
          {String(current.name)}
        </Typography>
        <Card variant="outlined" sx={{ mb: 2 }}>
          <CardContent>
            <SignalPanel
              id={current.id}
              texts={{ name: String(current.name ?? ''), description: String(current.description ?? '') }}
              onReject={(reason) => {
                setSignalReason(reason);
                setRejecting(true);
              }}
            />
          </CardContent>
        </Card>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' }, gap: 2 }}>
          <Box sx={{ minWidth: 0 }}>
            <PhotoViewer photos={photos} index={photo} onIndex={setPhoto} />
            <Card variant="outlined" sx={{ mt: 2 }}>
              <CardContent>
                <PriceMedians price={Number(current.price)} priceWeekend={Number(current.priceWeekend)} medians={facts.data?.medians} />
              </CardContent>
            </Card>
          </Box>
          <Card variant="outlined" sx={{ minWidth: 0 }}>
            <CardContent>
              {facts.isError && <Alert severity="warning" sx={{ mb: 1 }}>{translate(facts.error.message || 'app.error.generic', { _: facts.error.message })}</Alert>}
              <OwnerFacts facts={facts.data} />
            </CardContent>
          </Card>
          <Card variant="outlined" sx={{ minWidth: 0, gridColumn: { md: '1 / -1' } }}>
            <CardContent>
              <CottageFacts record={current} />
            </CardContent>
          </Card>
        </Box>
        <DecisionBar disabled={busy} onApprove={actions.approve} onReject={actions.reject} onSkip={actions.skip} onEdit={edit} />
      </Box>
    );
  } else if (status === 'empty') body = <DeskEmpty />;
  else if (status === 'error') body = <DeskError error={desk.error} onRetry={() => void desk.retry()} />;
  else body = <DeskLoading />;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, pb: { xs: 0, sm: 0 } }}>
      <Title title={`${T}.title`} />
      {header}
      <LinearProgress sx={{ visibility: busy ? 'visible' : 'hidden', mb: 1 }} />
      {status === 'error' && current && <DeskError error={desk.error} onRetry={() => void desk.retry()} />}
      {body}
      {help && <HelpOverlay onClose={() => setHelp(false)} />}
      {current && (
        <RejectDialog
          open={rejecting}
          name={String(current.name)}
          templates={templates.data ?? []}
          templatesError={templates.error?.message}
          sending={busy}
          initialText={signalReason}
          onManage={() => setManaging(true)}
          onClose={() => setRejecting(false)}
          onSend={(reason) => {
            setRejecting(false);
            void desk.decide('rejected', reason);
          }}
        />
      )}
      <TemplatesDialog open={managing} onClose={() => setManaging(false)} />
    </Box>
  );
};

export const ReviewDesk = () => {
  const translate = useTranslate();
  const { canAccess, isPending } = useCanAccess({ resource: 'cottage', action: 'moderate' });
  useTabTitle(`${T}.title`);
  if (isPending) return <DeskLoading />;
  if (!canAccess) return <Alert severity="error" sx={{ m: 2 }}>{translate('app.error.forbidden')}</Alert>;
  return <Desk />;
};
