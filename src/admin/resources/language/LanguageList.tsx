import { DataTable, SearchInput, useRecordContext, useTranslate } from 'react-admin';
import { KitDataTable, KitList } from '../../components/KitList';
import { ActionsCol } from '../../components/ActionsCol';
import { DeleteButton } from '../../components/DeleteButton';
import { ImageColumn } from '../../components/ImageColumn';
import { RowNumber } from '../../components/RowNumber';
import { RowEditButton } from '../../components/RowActions';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Deleting a language deletes every definition written in it: the question says how many (RowActions cannot). */
const LanguageDelete = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const count = typeof record?.definitions === 'number' ? record.definitions : 0;
  return <DeleteButton content={count > 0 ? translate('resources.language.delete_warning', { smart_count: count }) : undefined} />;
};

/** Columns: #, image, code, title, definitions, edit, delete; uz, ru and en first, then the others by creation. */
export const LanguageList = () => (
  <KitList
    filters={filters}
    sort={{ field: 'position', order: 'ASC' }}
  >
    <KitDataTable>
      <DataTable.Col source="id" disableSort render={() => <RowNumber />} />
      <ImageColumn source="image" width={45} height={30} />
      <DataTable.Col source="code" />
      <DataTable.Col source="title" />
      <DataTable.NumberCol source="definitions" />
      <ActionsCol>
        <RowEditButton />
        <LanguageDelete />
      </ActionsCol>
    </KitDataTable>
  </KitList>
);
