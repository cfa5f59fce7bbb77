import type { TableProps } from 'antd';
import { Table } from 'antd';
import { useScreenSize } from '../../lib/screen/use-screen.ts';
import { RowCards } from './row-cards.tsx';

export type ResponsiveTableProps<T extends object> = TableProps<T> & { 'data-testid'?: string };

/**
 * antd's Table from tablet width up; on a phone (spec point 1: up to 768 px) the same rows as cards with
 * label: value pairs, so nothing scrolls sideways. Takes Table's props (columns, rowKey, onRow, pagination,
 * expandable, locale) unchanged.
 */
export function ResponsiveTable<T extends object>(props: ResponsiveTableProps<T>) {
  const phone = useScreenSize() === 'mobile';
  if (!phone) return <Table<T> {...props} />;
  const { 'data-testid': testId, ...tableProps } = props;
  return <RowCards<T> {...tableProps} testId={testId} />;
}
