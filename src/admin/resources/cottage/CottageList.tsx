import { KitDataTable, KitList } from '../../components/KitList';
import { RowActions } from '../../components/RowActions';
import { cottageColumns, cottageFilters, CottageQuickFilters } from './columns';
import { DeleteWarning } from './DeleteWarning';

/**
 * The Announcements: the confirmed cottages only (a permanent filter; the others wait in the moderation queue,
 * `ProgressCottages`). Newest first; sort, search and pages on the server.
 */
export const CottageList = () => (
  <KitList
    filter={{ cottageStatus: 'confirmed' }}
    filters={cottageFilters}
    sort={{ field: 'createdAt', order: 'DESC' }}
    perPage={25}
    quickFilters={<CottageQuickFilters />}
  >
    <KitDataTable>
      {cottageColumns}
      <RowActions deleteContent={<DeleteWarning />} />
    </KitDataTable>
  </KitList>
);
