import type { ReactNode } from 'react';
import { EditButton } from 'react-admin';
import { DeleteButton } from './DeleteButton';

/**
 * A list row's actions: any resource-specific ones first, then edit and delete. Each button shows itself only when
 * the user holds its permission (react-admin's `EditButton` checks `edit`, our `DeleteButton` checks `delete`).
 */
export const RowActions = ({ children }: { children?: ReactNode }) => (
  <>
    {children}
    <EditButton />
    <DeleteButton />
  </>
);
