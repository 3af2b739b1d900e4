import type { ReactNode } from 'react';
import { EditButton } from 'react-admin';
import { ActionsCol } from './ActionsCol';
import { DeleteButton } from './DeleteButton';

/**
 * A list's last column, the row's actions: any resource-specific ones first, then edit and delete. Each button shows
 * itself only when the user holds its permission (react-admin's `EditButton` checks `edit`, our `DeleteButton` checks
 * `delete`). `deleteContent` (a text key or an element) adds to the delete question what else the delete does.
 */
export const RowActions = ({ children, deleteContent }: { children?: ReactNode; deleteContent?: ReactNode }) => (
  <ActionsCol>
    {children}
    <EditButton />
    <DeleteButton content={deleteContent} />
  </ActionsCol>
);
