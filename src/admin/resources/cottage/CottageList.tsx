import { KitDataTable, KitList } from '../../components/KitList';
import type { ListDefaults } from '../../providers/listPrefetch';
import { RowActions } from '../../components/RowActions';
import { cottageColumns, cottageFilters, CottageQuickFilters } from './columns';
import { DeleteWarning } from './DeleteWarning';

/** What decides the list's first request; the menu entry fetches it at the click (`menu.prefetch`). */
export const COTTAGE_LIST: ListDefaults = {
  filter: { cottageStatus: 'confirmed' },
  sort: { field: 'createdAt', order: 'DESC' },
  perPage: 25,
};

/**
 * The cottage list: the confirmed cottages only (a permanent filter; the others wait in the moderation queue,
 * `ProgressCottages`). Newest first; sort, search and pages on the server.
 */
export const CottageList = () => (
  <KitList
    filter={COTTAGE_LIST.filter}
    filters={cottageFilters}
    sort={COTTAGE_LIST.sort}
    perPage={COTTAGE_LIST.perPage}
    quickFilters={<CottageQuickFilters />}
  >
    <KitDataTable>
      {cottageColumns}
      <RowActions deleteContent={<DeleteWarning />} />
    </KitDataTable>
  </KitList>
);
