import { Table } from '@mantine/core';
import { CopyValueButton } from './CopyValueButton';
import classes from './tools.module.css';

export interface ResultRow {
  id: string;
  label: string;
  value: string;
  unit: string;
}

/** A two-column table of labelled results, each value copyable. */
export function ResultTable(props: { rows: ResultRow[]; label: string; testId: string }) {
  return (
    <Table
      className={classes.resultTable}
      verticalSpacing="sm"
      aria-label={props.label}
      data-testid={props.testId}
    >
      <Table.Tbody>
        {props.rows.map((row) => (
          <Table.Tr key={row.id} data-row={row.id}>
            <Table.Th scope="row" fw={500}>
              {row.label}
            </Table.Th>
            <Table.Td>
              <CopyValueButton value={row.value} unit={row.unit} showUnit />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
