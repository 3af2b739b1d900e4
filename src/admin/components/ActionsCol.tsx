import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { DataTable, useTranslate } from 'react-admin';

// Read by screen readers, not shown (MUI's visuallyHidden recipe).
const visuallyHidden = { position: 'absolute', width: 1, height: 1, p: 0, m: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

/**
 * A list's last column, holding the row's buttons (edit, delete…). Its header reads "Actions" to screen readers only:
 * an empty header cell leaves the column unnamed (axe `empty-table-header`), and the original design shows none.
 */
export const ActionsCol = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <DataTable.Col label={<Box component="span" sx={visuallyHidden}>{translate('app.row_actions')}</Box>} align="right">
      {children}
    </DataTable.Col>
  );
};
