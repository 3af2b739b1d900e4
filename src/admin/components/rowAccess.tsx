import { createContext, useContext, type ReactNode } from 'react';
import { useCanAccess, useRecordContext, useResourceContext } from 'react-admin';

/** What the rows' buttons may do, asked once per list instead of once per row and button. */
interface RowAccess {
  edit: boolean;
  delete: boolean;
}

const RowAccessContext = createContext<RowAccess | null>(null);

/**
 * Asks `canAccess` once for the list's resource (edit, delete) and gives the answers to every row's buttons.
 * Permissions are per resource (`canAccessWith` ignores the record), so the answer is the same for every row; asked
 * per row, a 25-row cottage page ran 75 permission queries, each re-rendering its button when answered.
 */
export const RowAccessProvider = ({ children }: { children: ReactNode }) => {
  const resource = useResourceContext();
  const edit = useCanAccess({ resource, action: 'edit' });
  const remove = useCanAccess({ resource, action: 'delete' });
  const value: RowAccess = { edit: !edit.isPending && edit.canAccess === true, delete: !remove.isPending && remove.canAccess === true };
  return <RowAccessContext.Provider value={value}>{children}</RowAccessContext.Provider>;
};

const OwnCheck = ({ action, children }: { action: keyof RowAccess; children: ReactNode }) => {
  const resource = useResourceContext();
  const record = useRecordContext();
  const { canAccess, isPending } = useCanAccess({ resource, action, record });
  return !isPending && canAccess ? children : null;
};

/**
 * Draws `children` only when the user may do `action` on the row's resource: the list's answer inside a
 * `RowAccessProvider` (the kit's table), else its own question (a button used outside a list).
 */
export const IfRowAccess = ({ action, children }: { action: keyof RowAccess; children: ReactNode }) => {
  const hoisted = useContext(RowAccessContext);
  if (hoisted) return hoisted[action] ? children : null;
  return <OwnCheck action={action}>{children}</OwnCheck>;
};
