import CategoryIcon from '@mui/icons-material/Category';
import LinkIcon from '@mui/icons-material/Link';
import { Box, Tooltip } from '@mui/material';
import { Link } from 'react-router-dom';
import { DataTable, SearchInput, SelectInput, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { KitDataTable, KitList } from '../../components/KitList';
import { ACTIVE_STATUSES, TRANSLATION_TYPES } from '../../../shared/enums';
import { resources } from '../../../shared/resources';
import { EnumFilterList } from '../../components/QuickFilters';
import { RowActions } from '../../components/RowActions';
import { RowNumber } from '../../components/RowNumber';
import { StatusChip } from '../../components/StatusChip';
import { statusChoices, typeChoices } from './choices';
import type { TranslationRecord } from '../../../shared/records/translation';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="type" source="type" choices={typeChoices} />,
  <SelectInput key="status" source="status" choices={statusChoices} />,
];

/** The record field that uses a translation, as `GET translate` answers it. */
type UsedBy = NonNullable<TranslationRecord['usedBy']>;

/** One line per language: the code in bold, then the text (the dataProvider reads `definition` as a map by code). */
const DefinitionCell = () => {
  const record = useRecordContext<{ id: string; definition?: Record<string, string> }>();
  const entries = record?.definition && typeof record.definition === 'object' ? Object.entries(record.definition) : [];
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
      {entries.map(([code, value]) => (
        <span key={code}>
          <b>{code}</b>: {value}
        </span>
      ))}
    </Box>
  );
};

/** The shared status chip (red when unused); when a record uses the translation, it names and links to it. */
const StatusCell = () => {
  const record = useRecordContext<{ id: string; status?: string; usedBy?: UsedBy | null }>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const use = record?.usedBy;
  if (!use) {
    return (
      <Tooltip title={translate('resources.translate.unused')}>
        <span>
          <StatusChip source="status" />
        </span>
      </Tooltip>
    );
  }
  // The server names the owner by its registry key (e.g. `cottageType`); the admin's route may differ.
  const route = Object.values(resources).find((r) => r.key === use.resource)?.route ?? use.resource;
  const text = translate('resources.translate.used_by', {
    resource: translate(`resources.${route}.name`, { smart_count: 1 }),
    field: translate(`resources.${route}.fields.${use.field}`, { _: use.field }),
    name: use.name,
  });
  return (
    // The link's name starts with the chip's own text (axe `label-content-name-mismatch`), then says who uses it.
    <Tooltip title={text} describeChild>
      <Link to={createPath({ resource: route, id: use.id, type: 'edit' })} aria-label={`${translate(`app.status.${record.status}`)}: ${text}`}>
        <StatusChip source="status" />
      </Link>
    </Tooltip>
  );
};

const TypeCell = () => {
  const record = useRecordContext<{ id: string; type?: string }>();
  const translate = useTranslate();
  return record?.type ? <>{translate(`app.translation.types.${record.type}`, { _: record.type })}</> : null;
};

/** Columns: #, code, type, definitions, status (what uses it), edit, delete; quick filters by type and by use. */
export const TranslateList = () => {
  const translate = useTranslate();
  return (
    <KitList
      filters={filters}
      sort={{ field: 'code', order: 'ASC' }}
      quickFilters={
        <>
          <EnumFilterList
            source="type"
            values={TRANSLATION_TYPES}
            label="resources.translate.fields.type"
            icon={<CategoryIcon />}
            valueLabel={(v) => translate(`app.translation.types.${String(v)}`)}
          />
          <EnumFilterList
            source="status"
            values={ACTIVE_STATUSES}
            label="resources.translate.fields.status"
            icon={<LinkIcon />}
            valueLabel={(v) => translate(`resources.translate.statuses.${String(v)}`)}
          />
        </>
      }
    >
      <KitDataTable>
        <DataTable.Col source="id" disableSort render={() => <RowNumber />} />
        <DataTable.Col source="code" />
        <DataTable.Col source="type" render={() => <TypeCell />} />
        <DataTable.Col source="definition" disableSort render={() => <DefinitionCell />} />
        <DataTable.Col source="status" render={() => <StatusCell />} />
        <RowActions />
      </KitDataTable>
    </KitList>
  );
};
