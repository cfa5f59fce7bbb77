import type { TablePaginationConfig, TableProps } from 'antd';
import { Button, Empty, Pagination, Spin, theme } from 'antd';
import type { Key, ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardFields } from './card-fields.ts';

const DEFAULT_PAGE_SIZE = 10;

function keyOf<T extends object>(rowKey: TableProps<T>['rowKey'], record: T, index: number): Key {
  if (typeof rowKey === 'function') return rowKey(record, index);
  const value: unknown = (record as Record<PropertyKey, unknown>)[rowKey ?? 'key'];
  return typeof value === 'string' || typeof value === 'number' ? value : index;
}

/** The rows of the current page: client-side paging slices, server-side paging (a `total` beyond the rows) shows all. */
function usePage<T>(rows: readonly T[], pagination: TableProps<T>['pagination']) {
  const config: TablePaginationConfig | undefined = pagination === false ? undefined : (pagination ?? {});
  const pageSize = config?.pageSize ?? config?.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  const [ownPage, setOwnPage] = useState(config?.defaultCurrent ?? 1);
  if (!config) return { shown: rows, pager: null };
  const total = config.total ?? rows.length;
  const current = config.current ?? ownPage;
  const serverSide = config.total !== undefined && config.total > rows.length;
  const shown = serverSide ? rows : rows.slice((current - 1) * pageSize, current * pageSize);
  const pager =
    total === 0 || (config.hideOnSinglePage && total <= pageSize) ? null : (
      <Pagination
        simple
        align="center"
        current={current}
        pageSize={pageSize}
        total={total}
        onChange={(page, size) => {
          setOwnPage(page);
          config.onChange?.(page, size);
        }}
      />
    );
  return { shown, pager };
}

function RowCard<T extends object>({
  props,
  record,
  index,
}: {
  props: TableProps<T>;
  record: T;
  index: number;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [expanded, setExpanded] = useState(false);
  const fields = cardFields(props.columns ?? [], record, index);
  const labelled = fields.filter((field) => field.label !== null && field.label !== '');
  const actions = fields.filter((field) => field.label === null || field.label === '');
  const rowProps = props.onRow?.(record, index) ?? {};
  const expandable = props.expandable?.expandedRowRender;
  const canExpand = expandable && (props.expandable?.rowExpandable?.(record) ?? true);
  return (
    <li
      {...rowProps}
      style={{
        listStyle: 'none',
        padding: token.paddingSM,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        background: token.colorBgContainer,
        ...rowProps.style,
      }}
    >
      <dl
        style={{
          display: 'grid',
          gridTemplateColumns: 'minmax(88px, 38%) minmax(0, 1fr)',
          gap: `${token.paddingXXS}px ${token.paddingSM}px`,
          margin: 0,
        }}
      >
        {labelled.map((field) => (
          <div key={field.key} style={{ display: 'contents' }}>
            <dt style={{ color: token.colorTextSecondary, overflowWrap: 'anywhere' }}>{field.label}</dt>
            <dd style={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>{field.value}</dd>
          </div>
        ))}
      </dl>
      {actions.length > 0 && (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.paddingXS, marginTop: token.paddingXS }}>
          {actions.map((field) => (
            <span key={field.key}>{field.value}</span>
          ))}
        </div>
      )}
      {canExpand && (
        <>
          <Button
            type="link"
            size="small"
            style={{ paddingInline: 0 }}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? t('responsiveTable.hideDetails') : t('responsiveTable.showDetails')}
          </Button>
          {expanded && <div style={{ overflowX: 'auto' }}>{expandable(record, index, 0, expanded)}</div>}
        </>
      )}
    </li>
  );
}

/** A table's rows as cards, one per row with its columns as label: value pairs (phones: spec point 1). */
export function RowCards<T extends object>({ testId, ...props }: TableProps<T> & { testId?: string }) {
  const { token } = theme.useToken();
  const rows = props.dataSource ?? [];
  const { shown, pager } = usePage(rows, props.pagination);
  const loading =
    typeof props.loading === 'object' ? (props.loading.spinning ?? true) : Boolean(props.loading);
  const emptyText = props.locale?.emptyText;
  const empty: ReactNode =
    typeof emptyText === 'function'
      ? emptyText()
      : (emptyText ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />);
  return (
    <Spin spinning={loading}>
      <div data-testid={testId} data-layout="cards" className={props.className} style={props.style}>
        {props.title?.(shown)}
        {shown.length === 0 && !loading ? (
          <div style={{ padding: token.padding, textAlign: 'center' }}>{empty}</div>
        ) : (
          <ul
            style={{ display: 'flex', flexDirection: 'column', gap: token.paddingXS, margin: 0, padding: 0 }}
          >
            {shown.map((record, index) => (
              <RowCard key={keyOf(props.rowKey, record, index)} props={props} record={record} index={index} />
            ))}
          </ul>
        )}
        {pager && <div style={{ marginTop: token.paddingSM }}>{pager}</div>}
        {props.footer?.(shown)}
      </div>
    </Spin>
  );
}
