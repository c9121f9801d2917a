import type { ReactNode } from 'react';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme, type SxProps, type Theme } from '@mui/material/styles';

/** One column of the wide layout: its header and how a row fills its cell. */
export interface ResponsiveColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: TableCellProps['align'];
  padding?: TableCellProps['padding'];
  /** The cell's style in each row (the header cell is left plain). */
  sx?: SxProps<Theme>;
}

interface ResponsiveListProps<T> {
  /** The accessible name of the list on a phone and of the table from tablet width up. */
  label: string;
  rows: T[];
  rowKey: (row: T) => string;
  columns: ResponsiveColumn<T>[];
  /** A row as a phone shows it: the contents of one list item. */
  card: (row: T) => ReactNode;
  /** The list item's spacing beside `alignItems: 'flex-start'`. */
  cardSx?: { gap?: number; px?: number };
  /** Attributes both layouts put on a row (the browser tests find rows by a data- attribute). */
  rowAttributes?: (row: T) => Record<`data-${string}`, string>;
  isSelected?: (row: T) => boolean;
}

/**
 * A table from tablet width up and a list on a phone, so nothing scrolls sideways: the columns
 * describe the table, `card` the list item.
 */
export function ResponsiveList<T>({ label, rows, rowKey, columns, card, cardSx, rowAttributes, isSelected }: ResponsiveListProps<T>) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  if (narrow) {
    return (
      <Paper variant="outlined" sx={{ minWidth: 0 }}>
        <List aria-label={label} disablePadding>
          {rows.map((row) => (
            <ListItem key={rowKey(row)} divider {...rowAttributes?.(row)} sx={{ alignItems: 'flex-start', ...cardSx }}>
              {card(row)}
            </ListItem>
          ))}
        </List>
      </Paper>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} align={c.align} padding={c.padding}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} {...rowAttributes?.(row)} hover selected={isSelected?.(row) ?? false}>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.align} padding={c.padding} sx={c.sx}>
                  {c.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
