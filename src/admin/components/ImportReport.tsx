/**
 * What an import's dry run found: the cells that will change (before → after) and the problems by row and column.
 * A table on a laptop; on a phone each row is a card, so nothing scrolls sideways inside the dialog.
 */
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** What `POST <resource>/import` answers (and its 400 carries). */
export interface ImportAnswer {
  created: number;
  updated: number;
  unchanged: number;
  errors: { row: number; column: string | null; message: string }[];
  changes: { row: number; id: string | null; before: Record<string, string>; after: Record<string, string> }[];
  truncated: boolean;
}

/** One line of a report: its cells in the columns' order, and the phone card's heading (what its first cells say). */
interface ReportLine {
  key: string;
  heading: string;
  cells: ReactNode[];
}

const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

/**
 * A table, or on a phone one card per line: its heading stands for the first `headed` cells, the others are fields
 * named by their columns.
 */
const Report = ({ title, columns, lines, headed, error }: { title: string; columns: string[]; lines: ReportLine[]; headed: number; error?: boolean }) => {
  const phone = usePhone();
  return (
    <Box sx={{ my: 1 }}>
      <Typography variant="subtitle1" color={error ? 'error' : undefined}>
        {title}
      </Typography>
      {phone ? (
        <Box role="list" aria-label={title}>
          {lines.map((line) => (
            <Box key={line.key} role="listitem" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, mb: 1, overflowWrap: 'anywhere' }}>
              <Typography variant="subtitle2">{line.heading}</Typography>
              {line.cells.slice(headed).map((cell, i) => (
                <Typography key={i} variant="body2">
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {columns[i + headed]}:
                  </Box>{' '}
                  {cell}
                </Typography>
              ))}
            </Box>
          ))}
        </Box>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column}>{column}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line) => (
              <TableRow key={line.key}>
                {line.cells.map((cell, i) => (
                  <TableCell key={i}>{cell}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
};

/** The rows that will change: each changed cell, before → after (a new record's "before" is empty). */
export const ImportChanges = ({ answer }: { answer: ImportAnswer }) => {
  const translate = useTranslate();
  if (!answer.changes.length) return null;
  const lines = answer.changes.flatMap((change) =>
    Object.keys(change.after).map((column) => {
      const row = change.id ? String(change.row) : `${change.row} (${translate('app.import.new_record')})`;
      return { key: `${change.row}-${column}`, heading: `${translate('app.import.row')} ${row} · ${column}`, cells: [row, column, change.before[column] ?? '', change.after[column]] };
    }),
  );
  const columns = ['row', 'column', 'before', 'after'].map((key) => translate(`app.import.${key}`));
  return <Report title={translate('app.import.changes')} columns={columns} lines={lines} headed={2} />;
};

export const ImportProblems = ({ answer }: { answer: ImportAnswer }) => {
  const translate = useTranslate();
  if (!answer.errors.length) return null;
  const lines = answer.errors.map((e, i) => ({
    key: String(i),
    heading: [`${translate('app.import.row')} ${e.row}`, e.column].filter(Boolean).join(' · '),
    cells: [e.row, e.column ?? '', e.message],
  }));
  const columns = ['row', 'column', 'message'].map((key) => translate(`app.import.${key}`));
  return <Report title={translate('app.import.problems')} columns={columns} lines={lines} headed={2} error />;
};

/** A phone shows the dialog on the whole screen. */
export const useImportFullScreen = usePhone;
