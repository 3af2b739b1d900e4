import CategoryIcon from '@mui/icons-material/Category';
import TouchAppIcon from '@mui/icons-material/TouchApp';
import { Link } from 'react-router-dom';
import { AutocompleteInput, DataTable, DateInput, FunctionField, ReferenceInput, SearchInput, SelectInput, TextInput, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { AUDIT_ACTIONS, type AuditAction } from '../../../shared/audit-actions';
import { resourceByRoute, resources } from '../../../shared/resources';
import type { AuditRecord } from '../../../shared/records/audit';
import { KitDataTable, KitList } from '../../components/KitList';
import { EnumFilterList } from '../../components/QuickFilters';
import { actionLabel, fieldLabel, OTHER_AUDITED, resourceTitle, routeOfKey, shownFields } from './auditText';
import { DateText } from '../../components/formats';
import { RestoreButton } from './RestoreButton';

/** The resources whose writes are recorded (every registry entry with a write). */
const AUDITED = Object.values(resources).filter((r) => r.key !== 'audit' && r.key !== 'permission');

const resourceChoices = [
  ...AUDITED.map((r) => ({ id: r.key, name: `resources.${r.route}.title` })),
  ...OTHER_AUDITED.map((key) => ({ id: key, name: `resources.audit.others.${key}` })),
];
const actionChoices = AUDIT_ACTIONS.map((a) => ({ id: a, name: `resources.audit.actions.${a}` }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="userId" source="userId" reference="user" sort={{ field: 'username', order: 'ASC' }}>
    <AutocompleteInput optionText="username" />
  </ReferenceInput>,
  <SelectInput key="resource" source="resource" choices={resourceChoices} />,
  <SelectInput key="action" source="action" choices={actionChoices} />,
  <TextInput key="recordId" source="recordId" />,
  <DateInput key="createdAt_gte" source="createdAt_gte" />,
  <DateInput key="createdAt_lte" source="createdAt_lte" />,
];

const QuickFilters = () => {
  const translate = useTranslate();
  return (
    <>
      <EnumFilterList source="resource" values={[...AUDITED.map((r) => r.key), ...OTHER_AUDITED]} label="resources.audit.fields.resource" icon={<CategoryIcon />} valueLabel={(v) => resourceTitle(translate, String(v))} />
      <EnumFilterList source="action" values={['create', 'edit', 'delete'] satisfies AuditAction[]} label="resources.audit.fields.action" icon={<TouchAppIcon />} valueLabel={(v) => actionLabel(translate, String(v))} />
    </>
  );
};

const ResourceCell = () => {
  const translate = useTranslate();
  return <FunctionField<AuditRecord> render={(r) => resourceTitle(translate, r.resource)} />;
};

const ActionCell = () => {
  const translate = useTranslate();
  return <FunctionField<AuditRecord> render={(r) => actionLabel(translate, r.action)} />;
};

/** The record by its name (its id when it has none), a link to its edit page (and History) while it exists. */
const RecordCell = () => {
  const entry = useRecordContext<AuditRecord>();
  const createPath = useCreatePath();
  if (!entry) return null;
  const route = routeOfKey(entry.resource);
  const editable = Boolean(resourceByRoute(route)?.api.update) && !/delete/i.test(entry.action);
  const name = entry.recordName ?? entry.recordId;
  return editable ? (
    <Link to={createPath({ resource: route, id: entry.recordId, type: 'edit' })} title={entry.recordId}>
      {name}
    </Link>
  ) : (
    <span title={entry.recordId}>{name}</span>
  );
};

/** The changed fields by their labels; the values are on the record's History. */
const ChangesCell = () => {
  const translate = useTranslate();
  return <FunctionField<AuditRecord> render={(r) => shownFields(r.changes).map((f) => fieldLabel(translate, routeOfKey(r.resource), f)).join(', ')} />;
};

/** Restore: takes the entry's change back after a confirmation. */
const RestoreCell = () => {
  const entry = useRecordContext<AuditRecord>();
  return entry ? <RestoreButton entry={entry} /> : null;
};

/** Every recorded write, newest first: when, who, which record, what was done and which fields changed. */
export const AuditList = () => (
  <KitList filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} quickFilters={<QuickFilters />}>
    <KitDataTable>
      <DataTable.Col source="createdAt" render={() => <DateText source="createdAt" withTime />} />
      {/* Restore next to the time, always in view however long the changed fields' list (#34). */}
      <DataTable.Col label="resources.audit.restore.button" disableSort render={() => <RestoreCell />} />
      <DataTable.Col source="userName" />
      <DataTable.Col source="resource" render={() => <ResourceCell />} />
      <DataTable.Col source="recordId" render={() => <RecordCell />} />
      <DataTable.Col source="action" render={() => <ActionCell />} />
      <DataTable.Col source="changes" disableSort render={() => <ChangesCell />} />
    </KitDataTable>
  </KitList>
);
