import { DataTable, EditButton, List, SearchInput, useRecordContext, useTranslate } from 'react-admin';
import { ActionsCol } from '../../components/ActionsCol';
import { DeleteButton } from '../../components/DeleteButton';
import { ImageColumn } from '../../components/ImageColumn';
import { ListActions } from '../../components/ListActions';
import { ListAside } from '../../components/ListAside';
import { RowNumber } from '../../components/RowNumber';
import { useBulkDelete } from '../../components/useBulkDelete';
import { useTabTitle } from '../../layout/useTabTitle';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Deleting a language deletes every definition written in it: the question says how many (RowActions cannot). */
const LanguageDelete = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const count = typeof record?.definitions === 'number' ? record.definitions : 0;
  return <DeleteButton content={count > 0 ? translate('resources.language.delete_warning', { smart_count: count }) : undefined} />;
};

/** Columns: #, image, code, title, definitions, edit, delete; uz, ru and en first, then the others by creation. */
export const LanguageList = () => {
  useTabTitle();
  const bulkActionButtons = useBulkDelete();
  return (
    <List
      title="resources.language.title"
      filters={filters}
      sort={{ field: 'position', order: 'ASC' }}
      actions={<ListActions />}
      aside={<ListAside />}
    >
      <DataTable bulkActionButtons={bulkActionButtons} rowClick={false}>
        <DataTable.Col source="id" disableSort render={() => <RowNumber />} />
        <ImageColumn source="image" width={45} height={30} />
        <DataTable.Col source="code" />
        <DataTable.Col source="title" />
        <DataTable.NumberCol source="definitions" />
        <ActionsCol>
          <EditButton />
          <LanguageDelete />
        </ActionsCol>
      </DataTable>
    </List>
  );
};
