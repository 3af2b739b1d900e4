import { Box, Chip, Tab, Tabs, Typography } from '@mui/material';
import { BulkDeleteButton, DataTable, ResourceContextProvider, useCanAccess, useGetList, useStore, useTranslate } from 'react-admin';
import { KitDataTable, KitList } from '../../components/KitList';
import { RowActions } from '../../components/RowActions';
import { cottageColumns, cottageFilters, CottageQuickFilters } from './columns';
import { DeleteWarning } from './DeleteWarning';
import { ModerateButton, QueueBulkActions, useMayModerate, type Decision } from './moderation';
import { HeldByChip, ReviewButton, useClaimsKeptLive } from './review/claims';
import { riskColumn, RiskiestFirst, SignalFilterList } from './signals/queue';

/** The queue's two views; Rejected is always offered, even while nothing waits. */
const VIEWS = ['progress', 'rejected'] as const;
type View = (typeof VIEWS)[number];
const STORE_KEY = 'progress-cottages';

/** How many cottages are in a view (the same count whatever else is filtered, like the menu badge). */
const ViewCount = ({ view }: { view: View }) => {
  const { total } = useGetList('cottage', { filter: { cottageStatus: view }, pagination: { page: 1, perPage: 1 } });
  return <Chip size="small" color={view === 'progress' ? 'warning' : 'error'} label={total ?? '…'} sx={{ ml: 1 }} />;
};

const ViewTabs = ({ view, onChange }: { view: View; onChange: (view: View) => void }) => {
  const translate = useTranslate();
  return (
    <Tabs value={view} onChange={(_, value: View) => onChange(value)} aria-label={translate('resources.cottage.queue.tabs')}>
      {VIEWS.map((v) => (
        <Tab
          key={v}
          value={v}
          data-testid={`queue-tab-${v}`}
          label={
            <Box sx={{ display: 'flex', alignItems: 'center' }}>
              {translate(`app.status.${v}`)}
              <ViewCount view={v} />
            </Box>
          }
        />
      ))}
    </Tabs>
  );
};

const ViewEmpty = ({ view }: { view: View }) => {
  const translate = useTranslate();
  return (
    <Typography variant="h6" component="h2" sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>
      {translate(`resources.cottage.queue.empty_${view}`)}
    </Typography>
  );
};

/** What a moderator may turn a view's cottages into. */
const DECISIONS: Record<View, Decision[]> = { progress: ['confirmed', 'rejected'], rejected: ['confirmed'] };

const Queue = () => {
  const [view, setView] = useStore<View>(`${STORE_KEY}.view`, 'progress');
  const mayModerate = useMayModerate();
  const { canAccess: mayDelete } = useCanAccess({ resource: 'cottage', action: 'delete' });
  const decisions = mayModerate ? DECISIONS[view] : [];
  useClaimsKeptLive();
  const bulk =
    decisions.length || mayDelete ? (
      <QueueBulkActions decisions={decisions}>{mayDelete && <BulkDeleteButton mutationMode="pessimistic" />}</QueueBulkActions>
    ) : (
      false
    );
  return (
    <KitList
      storeKey={STORE_KEY}
      savedQueries={STORE_KEY}
      titleKey="resources.cottage.queue.title"
      filter={{ cottageStatus: view }}
      filters={cottageFilters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      quickFilters={
        <>
          <SignalFilterList />
          <CottageQuickFilters />
        </>
      }
      empty={false}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, pr: 1 }}>
        <ViewTabs view={view} onChange={setView} />
        <ReviewButton />
        <RiskiestFirst />
      </Box>
      {/* Each view holds one moderation status, and a waiting cottage's active switch is rarely what a moderator
          decides on: both columns start hidden (Columns shows them), so with the risk and the reviewer columns the
          queue and its Confirm and Reject buttons fit a 1366 px laptop in every language. */}
      <KitDataTable storeKey={`${STORE_KEY}.datatable`} hiddenColumns={['cottageStatus', 'status']} bulkActionButtons={bulk} empty={<ViewEmpty view={view} />}>
        {cottageColumns}
        {/* The moderation signals' risk score (issue #35). */}
        {riskColumn}
        {/* Who holds each claimed cottage on the review desk (from GET cottage/claims). */}
        {view === 'progress' && <DataTable.Col key="claim" source="id" label="resources.cottage.review.held_column" disableSort render={() => <HeldByChip />} />}
        <RowActions deleteContent={<DeleteWarning />}>
          {decisions.map((d) => (
            <ModerateButton key={d} decision={d} />
          ))}
        </RowActions>
      </KitDataTable>
    </KitList>
  );
};

/**
 * The moderation queue (`/progress-cottages`): a second list of the cottages with its own filters, columns and saved
 * queries, in two views — waiting and rejected — with Confirm and Reject for `cottage.moderate` holders.
 */
export const ProgressCottages = () => (
  <ResourceContextProvider value="cottage">
    <Queue />
  </ResourceContextProvider>
);
