import { Box, TableCell } from '@mui/material';
import { createContext, useContext, type ReactNode } from 'react';
import { DataTable, useDataTableRenderContext, useTranslate } from 'react-admin';
import { FoldedActions, useFolded } from './RowFold';

// Read by screen readers, not shown (MUI's visuallyHidden recipe; `1px`, as sx reads a bare 1 as 100%).
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', p: 0, m: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

/** Set by a phone's cards (`KitCards`): the row's buttons are the card's footer, not a column. */
export const CardContext = createContext(false);

/**
 * A list's last column, holding the row's buttons (edit, delete…). Its header reads "Actions" to screen readers only:
 * an empty header cell leaves the column unnamed (axe `empty-table-header`), and the original design shows none.
 * The buttons stay on one line: they are what the row is for; when the table is short of width they fold into one
 * menu button (`RowFold`).
 */
export const ActionsCol = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const card = useContext(CardContext);
  const part = useDataTableRenderContext();
  const folded = useFolded();
  if (card) {
    if (part === 'header') return null;
    return (
      <TableCell colSpan={2} className="KitCard-actions" sx={{ borderBottom: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1 }}>{children}</Box>
      </TableCell>
    );
  }
  return (
    <DataTable.Col
      label={<Box component="span" sx={visuallyHidden}>{translate('app.row_actions')}</Box>}
      align="right"
      sx={{ whiteSpace: 'nowrap' }}
    >
      {folded ? <FoldedActions>{children}</FoldedActions> : children}
    </DataTable.Col>
  );
};
