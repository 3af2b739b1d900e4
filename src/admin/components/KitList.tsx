import type { ReactNode } from 'react';
import { DataTable, List, useResourceContext, type DataTableProps, type ListProps } from 'react-admin';
import { useTabTitle } from '../layout/useTabTitle';
import { ListActions } from './ListActions';
import { ListAside } from './ListAside';
import { useBulkDelete } from './useBulkDelete';

/**
 * A list with the operators' kit, the same on every screen: its title (page and browser tab) from
 * `resources.<resource>.title`, the toolbar (filters, columns, create, CSV export), and the aside with the saved
 * queries above the list's own `quickFilters`.
 */
export const KitList = ({ quickFilters, actions, ...props }: Omit<ListProps, 'aside' | 'title'> & { quickFilters?: ReactNode }) => {
  const resource = useResourceContext(props);
  useTabTitle();
  return <List title={`resources.${resource}.title`} actions={actions ?? <ListActions />} aside={<ListAside>{quickFilters}</ListAside>} {...props} />;
};

/** The kit's table: rows are no links (their buttons are), and rows can be selected for bulk delete by those who may delete. */
export const KitDataTable = (props: DataTableProps) => {
  const bulkActionButtons = useBulkDelete();
  return <DataTable bulkActionButtons={bulkActionButtons} rowClick={false} {...props} />;
};
