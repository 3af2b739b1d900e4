import type { ComponentType, ReactNode } from 'react';
import { Create, Edit, useResourceContext, type CreateProps, type EditProps } from 'react-admin';
import { useTabTitle } from '../ui/useTabTitle';
import { LiveEditNotice } from '../live/LiveParts';

interface Frame {
  children: ReactNode;
  /** The page's title key; `resources.<resource>.add` (create) or `.edit` (edit) by default. */
  title?: string;
  /** The browser tab's key; the resource's `title` by default ("Admin Panel | Regions"). */
  tabTitle?: string;
}

/**
 * Every create page: back to the list after the save, the title `resources.<resource>.add` and the tab title, so a
 * resource's folder holds only its form (`create: <KitCreate><RegionForm isNew /></KitCreate>` in its index).
 */
export const KitCreate = ({ children, title, tabTitle, ...props }: Frame & Omit<CreateProps, 'children' | 'title'>) => {
  const resource = useResourceContext(props);
  useTabTitle(tabTitle);
  return (
    <Create redirect="list" title={title ?? `resources.${resource}.add`} {...props}>
      {children}
    </Create>
  );
};

/**
 * Every edit page: pessimistic (the list shows what the server saved, and a refusal keeps the form open with its
 * message), back to the list after the save, the title `resources.<resource>.edit` and the tab title.
 */
export const KitEdit = ({ children, title, tabTitle, ...props }: Frame & Omit<EditProps, 'children' | 'title'>) => {
  const resource = useResourceContext(props);
  useTabTitle(tabTitle);
  return (
    <Edit redirect="list" mutationMode="pessimistic" title={title ?? `resources.${resource}.edit`} {...props}>
      {/* Who else has the record open, and a banner once it changed elsewhere (issue #25). */}
      <LiveEditNotice />
      {children}
    </Edit>
  );
};

/**
 * The create and edit pages of a resource whose two forms are one component (`isNew` on create): spread into the
 * folder's index, `{ ...kitPages(RegionForm), list: RegionList }`.
 */
export const kitPages = (Form: ComponentType<{ isNew?: boolean }>) => ({
  create: (
    <KitCreate>
      <Form isNew />
    </KitCreate>
  ),
  edit: (
    <KitEdit>
      <Form />
    </KitEdit>
  ),
});
