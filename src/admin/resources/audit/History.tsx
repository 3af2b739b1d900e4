import { createElement, isValidElement, type ComponentType, type ReactElement } from 'react';
import { Box, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import { useCanAccess, useGetList, useResourceContext, useTranslate } from 'react-admin';
import { resourceByRoute } from '../../../shared/resources';
import type { AuditRecord } from '../../../shared/records/audit';
import { actionLabel, fieldLabel, shownFields, valueText } from './auditText';
import { useFormat } from '../../components/formats';
import { RestoreButton } from './RestoreButton';

const SHOWN = 50;

/** One entry's changed fields: field, before, after. */
const ChangesTable = ({ entry, route }: { entry: Pick<AuditRecord, 'changes' | 'id'>; route: string }) => {
  const translate = useTranslate();
  const format = useFormat();
  const changes = shownFields(entry.changes).map((field) => [field, entry.changes[field]] as const);
  if (!changes.length) return null;
  return (
    <Table size="small" aria-label={translate('resources.audit.fields.changes')}>
      <TableHead>
        <TableRow>
          <TableCell component="th">{translate('resources.audit.fields.field')}</TableCell>
          <TableCell component="th">{translate('resources.audit.fields.before')}</TableCell>
          <TableCell component="th">{translate('resources.audit.fields.after')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {changes.map(([field, change]) => (
          <TableRow key={field}>
            <TableCell>{fieldLabel(translate, route, field)}</TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>{valueText(translate, change.before, format.dateTime)}</TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>{valueText(translate, change.after, format.dateTime)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

const HistoryEntries = ({ route, resourceKey, id }: { route: string; resourceKey: string; id: string }) => {
  const translate = useTranslate();
  const format = useFormat();
  const { data, total, isPending } = useGetList<AuditRecord>('audit', {
    filter: { resource: resourceKey, recordId: id },
    sort: { field: 'createdAt', order: 'DESC' },
    pagination: { page: 1, perPage: SHOWN },
  });
  if (isPending) return null;
  if (!data?.length) return <Typography color="text.secondary">{translate('resources.audit.history.empty')}</Typography>;
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {data.map((entry) => (
        <Box component="li" key={entry.id} className="History-entry" sx={{ mb: 2 }}>
          <Typography variant="subtitle2" component="p">
            {format.dateTime(entry.createdAt)} ·{' '}
            {translate('resources.audit.history.entry', {
              action: actionLabel(translate, entry.action),
              user: entry.userName || translate('resources.audit.history.nobody'),
            })}
          </Typography>
          <ChangesTable entry={entry} route={route} />
          <RestoreButton entry={entry} leaveOnDelete />
        </Box>
      ))}
      {(total ?? 0) > SHOWN && <Typography color="text.secondary">{translate('resources.audit.history.latest', { count: SHOWN })}</Typography>}
    </Box>
  );
};

/**
 * The History section under every edit page (added once, in `Panel.tsx`): who changed what in this record and when,
 * newest first, for users holding `audit.list` only.
 */
const History = () => {
  const route = useResourceContext() ?? '';
  const { id } = useParams<{ id: string }>();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'audit', action: 'list' });
  const def = resourceByRoute(route);
  if (!canAccess || !def || !id) return null;
  return (
    <Card component="section" aria-labelledby="history-title" className="History" sx={{ mt: 2 }}>
      <CardContent>
        <Typography id="history-title" variant="h6" component="h2" gutterBottom>
          {translate('resources.audit.history.title')}
        </Typography>
        <HistoryEntries route={route} resourceKey={def.key} id={decodeURIComponent(id)} />
      </CardContent>
    </Card>
  );
};

/** An edit view followed by its record's History: how every module's edit page gets the section. */
export function withHistory(edit: ComponentType | ReactElement): ComponentType {
  const EditWithHistory = () => (
    <>
      {isValidElement(edit) ? edit : createElement(edit)}
      <History />
    </>
  );
  return EditWithHistory;
}
