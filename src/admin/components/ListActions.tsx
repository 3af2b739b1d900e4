import { ColumnsButton, CreateButton, FilterButton, TopToolbar, useFilterContext, useResourceDefinition } from 'react-admin';
import { ExportCsvButton } from './ExportCsvButton';

/**
 * Every list's toolbar: the filters that are not always shown (saved queries live on the server, in the aside, so
 * react-admin's browser-store ones are off), the column chooser (hide and reorder, kept in the store), create when the
 * resource has it (react-admin's button checks `<resource>.create`; `createLabel` renames it), and the server's CSV of
 * every matching row.
 */
export const ListActions = ({ createLabel }: { createLabel?: string }) => {
  const { hasCreate } = useResourceDefinition();
  const filters = useFilterContext();
  return (
    <TopToolbar>
      {filters && <FilterButton disableSaveQuery />}
      <ColumnsButton />
      {hasCreate && <CreateButton label={createLabel} />}
      <ExportCsvButton />
    </TopToolbar>
  );
};
