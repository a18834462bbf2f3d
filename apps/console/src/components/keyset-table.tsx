import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { formatDate, type Page } from '@pos/core';
import { App, Button, Space } from 'antd';
import { useRef, useState, type Key, type ReactNode } from 'react';
import { api, ApiError, downloadCsv, toQuery } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { pageInfoText } from '@/lib/review-words';
import { withZone } from '@/lib/time-zone';

interface Props<T> {
  /** Admin API path of the list, e.g. '/withdrawals'. */
  path: string;
  columns: ProColumns<T>[];
  rowKey: keyof T & string;
  fileName: string;
  /** Toolbar buttons; given the selected rows when selectable. */
  toolbar?: (selected: T[], reload: () => void) => ReactNode[];
  selectable?: boolean;
  headerTitle?: ReactNode;
  pageSize?: number;
  /** Fixed filters added to every request. */
  baseParams?: Record<string, unknown>;
  actionRef?: React.RefObject<ActionType | undefined>;
  /** Wait for the search form instead of loading at once (lists that need a filter). */
  manualRequest?: boolean;
  /** Offer the CSV export (default); false for lists the server does not export. */
  exportable?: boolean;
}

/**
 * A server-paginated list: ProTable's search form sends its fields as filters, column sorting
 * sends sort/order, and pages move by the server's keyset cursor (previous pages are remembered
 * on a stack), so a list of a million rows pages as fast as a short one. Export downloads the
 * whole filtered list as CSV or as an .xlsx sheet.
 */
export const shanghaiTime = (value: unknown) =>
  typeof value === 'string' || value instanceof Date
    ? formatDate(value, 'yyyy-mm-dd hh:MM:ss') || '—'
    : '—';

/**
 * Columns as the console shows them: time columns in Asia/Shanghai with the zone in their
 * title, the action column fixed on the right so it stays on screen at 1024, long text cut with
 * the whole of it on hover.
 */
export function consoleColumns<T>(columns: ProColumns<T>[], lang: 'zh' | 'en'): ProColumns<T>[] {
  return columns.map(widenLongFilter(lang)).map((c) => {
    if (c.valueType === 'dateTime' && !c.render) {
      const key = c.dataIndex as string;
      return {
        ...c,
        title: typeof c.title === 'string' ? withZone(c.title, lang) : c.title,
        render: (_, row) => shanghaiTime((row as Record<string, unknown>)[key]),
      };
    }
    if (c.valueType === 'option') return { ...c, fixed: 'right' };
    if (c.ellipsis === true) return { ...c, ellipsis: { showTitle: true } };
    return c;
  });
}

/**
 * A filter whose label is long ('Merchant number or name') takes half a row instead of a third,
 * so its label does not squeeze the input to a few characters at 1024.
 */
const widenLongFilter =
  (lang: 'zh' | 'en') =>
  <T,>(c: ProColumns<T>): ProColumns<T> => {
    const inForm = c.search !== false && !c.hideInSearch && c.valueType !== 'option';
    const long = typeof c.title === 'string' && c.title.length > (lang === 'zh' ? 7 : 16);
    return inForm && long && c.colSize === undefined ? { ...c, colSize: 1.5 } : c;
  };

export function KeysetTable<T extends Record<string, unknown>>(props: Props<T>) {
  const { t, lang } = useI18n();
  const [shown, setShown] = useState(0);
  // The list's total, where the server counts it (small tables); otherwise the page only.
  const [total, setTotal] = useState<number | undefined>(undefined);
  const { message } = App.useApp();
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [next, setNext] = useState<string | null>(null);
  const [selected, setSelected] = useState<T[]>([]);
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const lastFilters = useRef<Record<string, unknown>>({});
  const ownRef = useRef<ActionType | undefined>(undefined);
  const ref = props.actionRef ?? ownRef;
  const cursor = cursors[cursors.length - 1];
  const reload = () => {
    setSelected([]);
    setSelectedKeys([]);
    void ref.current?.reload();
  };

  return (
    <ProTable<T>
      actionRef={ref}
      rowKey={props.rowKey}
      headerTitle={props.headerTitle}
      columns={consoleColumns(props.columns, lang)}
      params={{ cursor }}
      manualRequest={props.manualRequest}
      search={{ labelWidth: 'auto', defaultCollapsed: false }}
      options={{ density: false, setting: false, reload: true }}
      pagination={false}
      scroll={{ x: 'max-content' }}
      rowSelection={
        props.selectable
          ? {
              selectedRowKeys: selectedKeys,
              onChange: (keys, rows) => {
                setSelectedKeys(keys);
                setSelected(rows);
              },
            }
          : undefined
      }
      tableAlertRender={false}
      onSubmit={() => setCursors([undefined])}
      onReset={() => setCursors([undefined])}
      request={async (params, sort) => {
        const {
          cursor: c,
          current: _c,
          pageSize: _p,
          ...filters
        } = params as Record<string, unknown>;
        const [sortKey, order] = Object.entries(sort ?? {})[0] ?? [];
        const query = {
          ...props.baseParams,
          ...filters,
          ...(sortKey ? { sort: sortKey, order: order === 'ascend' ? 'asc' : 'desc' } : {}),
        };
        lastFilters.current = query;
        let page: Page<T>;
        try {
          page = await api<Page<T>>(
            `${props.path}?${toQuery({ ...query, pageSize: props.pageSize ?? 20, cursor: c })}`,
          );
        } catch (err) {
          // The server's words are already on screen (api() shows them); the list stays empty
          // rather than leaving the rejection unhandled.
          if (!(err instanceof ApiError)) void message.error(t('loadFailed'));
          setNext(null);
          setTotal(undefined);
          return { data: [], success: false };
        }
        setNext(page.nextCursor);
        setShown(page.rows.length);
        setTotal(page.total);
        return { data: page.rows, success: true };
      }}
      toolBarRender={() => [
        ...(props.toolbar?.(selected, reload) ?? []),
        ...(props.exportable === false
          ? []
          : [
              <Button
                key="csv"
                onClick={() => void downloadCsv(props.path, lastFilters.current, props.fileName)}
              >
                {t('exportCsv')}
              </Button>,
              <Button
                key="xlsx"
                onClick={() =>
                  void downloadCsv(props.path, lastFilters.current, props.fileName, 'xlsx')
                }
                data-testid="export-xlsx"
              >
                {t('exportXlsx')}
              </Button>,
            ]),
      ]}
      footer={() => (
        <Space>
          <Button
            disabled={cursors.length <= 1}
            onClick={() => setCursors((s) => s.slice(0, -1))}
            data-testid="page-prev"
          >
            {t('prev')}
          </Button>
          <span data-testid="page-info">
            {pageInfoText({ page: cursors.length, shown, total, last: !next }, lang)}
          </span>
          <Button
            disabled={!next}
            onClick={() => next && setCursors((s) => [...s, next])}
            data-testid="page-next"
          >
            {t('next')}
          </Button>
        </Space>
      )}
    />
  );
}
