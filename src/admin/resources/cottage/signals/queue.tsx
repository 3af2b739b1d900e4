/** The moderation queue's signals (issue #35): a risk column, "riskiest first" and a quick filter per kind. */
import ReportIcon from '@mui/icons-material/ReportProblem';
import SortIcon from '@mui/icons-material/Sort';
import { Button, Chip, Stack, Tooltip } from '@mui/material';
import { DataTable, useListContext, useRecordContext, useTranslate } from 'react-admin';
import { SIGNAL_KINDS } from '../../../../shared/signals';
import { EnumFilterList } from '../../../components/QuickFilters';

const T = 'resources.cottage.signals';

/** The risk score, its kinds under the pointer. */
const RiskCell = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const risk = Number(record.risk ?? 0);
  const kinds = (record.signalKinds ?? []) as string[];
  const chip = <Chip size="small" color={risk >= 60 ? 'error' : risk >= 25 ? 'warning' : 'default'} variant={risk ? 'filled' : 'outlined'} label={risk} data-testid="risk" />;
  if (!kinds.length) return chip;
  return (
    <Tooltip title={kinds.map((k) => translate(`${T}.kinds.${k}`, { _: k })).join(', ')}>
      <Stack direction="row">{chip}</Stack>
    </Tooltip>
  );
};

export const riskColumn = <DataTable.Col key="risk" source="risk" label={`${T}.column`} render={() => <RiskCell />} />;

/** Sorts the queue by risk, the highest first (then newest, by the server's tie-break on the id). */
export const RiskiestFirst = () => {
  const { sort, setSort } = useListContext();
  const translate = useTranslate();
  const on = sort?.field === 'risk' && sort.order === 'DESC';
  return (
    <Button startIcon={<SortIcon />} variant={on ? 'contained' : 'text'} aria-pressed={on} onClick={() => setSort({ field: 'risk', order: 'DESC' })} data-testid="riskiest-first">
      {translate(`${T}.riskiest`)}
    </Button>
  );
};

/** One quick filter per signal kind (`{"signal": kind}`). */
export const SignalFilterList = () => (
  <EnumFilterList source="signal" values={SIGNAL_KINDS} label={`${T}.filter`} icon={<ReportIcon />} valueLabel={(v) => `${T}.kinds.${String(v)}`} />
);
