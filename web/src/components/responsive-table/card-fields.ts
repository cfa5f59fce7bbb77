import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { isValidElement } from 'react';

/** One label: value line of a row's card, or (no label) the row's actions. */
export interface CardField {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

type Column<T> = TableColumnsType<T>[number];

/** Leaf columns in display order (a column group's title is dropped; its children keep theirs). */
export function leafColumns<T>(columns: readonly Column<T>[]): Column<T>[] {
  return columns.flatMap((column) =>
    'children' in column && Array.isArray(column.children) ? leafColumns<T>(column.children) : [column],
  );
}

function valueAt(record: object, dataIndex: unknown): unknown {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  let current: unknown = record;
  for (const step of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[String(step)];
  }
  return current;
}

const isRenderedCell = (value: unknown): value is { children: ReactNode } =>
  typeof value === 'object' && value !== null && !isValidElement(value) && 'children' in value;

const asNode = (value: unknown): ReactNode => {
  if (value === null || value === undefined || typeof value === 'boolean') return null;
  if (typeof value === 'string' || typeof value === 'number' || isValidElement(value)) return value;
  if (Array.isArray(value)) return value as ReactNode;
  return String(value);
};

/**
 * A row as its card shows it: each column's title beside what the table's cell would render (the same
 * `render`, so links, tags and buttons stay as they are). Hidden columns are left out.
 */
export function cardFields<T extends object>(
  columns: readonly Column<T>[],
  record: T,
  index: number,
): CardField[] {
  return leafColumns(columns)
    .filter((column) => !column.hidden)
    .map((column, position) => {
      const dataIndex = 'dataIndex' in column ? column.dataIndex : undefined;
      const raw = valueAt(record, dataIndex);
      const rendered: unknown = column.render ? column.render(raw, record, index) : raw;
      const title = typeof column.title === 'function' ? column.title({}) : column.title;
      return {
        key: String(column.key ?? (Array.isArray(dataIndex) ? dataIndex.join('.') : (dataIndex ?? position))),
        label: title ?? null,
        value: asNode(isRenderedCell(rendered) ? rendered.children : rendered),
      };
    });
}
