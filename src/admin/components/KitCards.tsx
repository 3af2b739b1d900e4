import { Card, LinearProgress, Stack, Table, TableBody, TableRow } from '@mui/material';
import { Children, isValidElement, type ReactNode } from 'react';
import {
  DataTableBase,
  DataTableCallbacksContext,
  DataTableRenderContext,
  ListNoResults,
  RecordContextProvider,
  useDataTableDataContext,
  type DataTableProps,
} from 'react-admin';
import { CardContext } from './ActionsCol';

// A card's header cells name the fact; they do not sort (the list's sort stays as chosen on a wider screen).
const noSort = {};

/** One card per record: each column a line (its header, then its cell), the row's buttons at the bottom. */
const Cards = ({ children }: { children: ReactNode }) => {
  const data = useDataTableDataContext();
  const columns = Children.toArray(children).filter(isValidElement);
  return (
    <Stack className="KitCards" spacing={1} sx={{ p: 1 }}>
      {data?.map((record) => (
        <RecordContextProvider key={record.id} value={record}>
          <Card variant="outlined" className="KitCard">
            <Table size="small" sx={{ tableLayout: 'fixed', '& th': { width: '38%', color: 'text.secondary', verticalAlign: 'top' }, '& td': { overflowWrap: 'anywhere' }, '& td .MuiTypography-root': { whiteSpace: 'normal' } }}>
              <TableBody>
                {columns.map((column, i) => (
                  <TableRow key={column.key ?? i}>
                    <DataTableCallbacksContext.Provider value={noSort}>
                      <DataTableRenderContext.Provider value="header">{column}</DataTableRenderContext.Provider>
                    </DataTableCallbacksContext.Provider>
                    <DataTableRenderContext.Provider value="data">{column}</DataTableRenderContext.Provider>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
};

/**
 * A phone's list (below 600 px): the table's own columns drawn as cards, so a list declares its columns once and a
 * column hidden in the chooser is hidden here too. No bulk selection.
 */
export const KitCards = ({ children, empty, storeKey, hiddenColumns, resource }: DataTableProps) => (
  <CardContext.Provider value>
    <DataTableBase
      hasBulkActions={false}
      storeKey={storeKey}
      hiddenColumns={hiddenColumns}
      resource={resource}
      loading={<LinearProgress />}
      empty={empty ?? <ListNoResults resource={resource} />}
    >
      <Cards>{children}</Cards>
    </DataTableBase>
  </CardContext.Provider>
);
