import ContentCreate from '@mui/icons-material/Create';
import type { MouseEvent, ReactNode } from 'react';
import { ActionsCol } from './ActionsCol';
import { DeleteButton } from './DeleteButton';
import { RecordLinkButton } from './RecordLinkButton';
import { IfRowAccess } from './rowAccess';

const scrollToTop = { _scrollToTop: true };
const stopPropagation = (event: MouseEvent) => event.stopPropagation();

/**
 * react-admin's `EditButton` (same label, icon, class, link and scroll state) without its own permission query per
 * row: the row's `IfRowAccess` decides.
 */
export const RowEditButton = () => (
  <RecordLinkButton
    to={(createPath, resource, id) => createPath({ type: 'edit', resource, id })}
    state={scrollToTop}
    label="ra.action.edit"
    onClick={stopPropagation}
    className="RaEditButton-root"
    icon={<ContentCreate />}
  />
);

/**
 * A list's last column, the row's actions: any resource-specific ones first, then edit and delete. Each button shows
 * itself only when the user holds its permission (`edit`, `delete`), asked once per list inside the kit's table.
 * `deleteContent` (a text key or an element) adds to the delete question what else the delete does.
 */
export const RowActions = ({ children, deleteContent }: { children?: ReactNode; deleteContent?: ReactNode }) => (
  <ActionsCol>
    {children}
    <IfRowAccess action="edit">
      <RowEditButton />
    </IfRowAccess>
    <DeleteButton content={deleteContent} />
  </ActionsCol>
);
