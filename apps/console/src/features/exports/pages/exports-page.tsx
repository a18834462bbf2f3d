import type { OperatorExportItem } from '@pos/core';
import { Alert, Button, Card, Spin, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { shanghaiTime } from '@/components/keyset-table';
import { api, downloadExport } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

const COLOR = { running: 'processing', done: 'success', failed: 'error' } as const;

/**
 * 导出任务: the operator's own list downloads that were too large to answer at once, written in
 * the background (decision 038). The rows written so far show while one is written, and the list
 * is asked again every two seconds until none is.
 */
export default function ExportsPage() {
  const { t } = useI18n();
  const [rows, setRows] = useState<OperatorExportItem[]>([]);
  const [loading, setLoading] = useState(true);
  const load = useCallback(async () => {
    try {
      const page = await api<{ rows: OperatorExportItem[] }>('/exports?pageSize=50', {
        quiet: true,
      });
      setRows(page.rows);
    } catch {
      // The table stays as it was; the next poll tries again.
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const running = rows.some((r) => r.status === 'running');
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void load(), 2000);
    return () => clearInterval(timer);
  }, [running, load]);

  const status = (r: OperatorExportItem) =>
    r.status === 'done'
      ? t('exportDone')
      : r.status === 'failed'
        ? t('exportFailed')
        : t('exportRunning');

  return (
    <Card title={t('exportsMenu')}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('exportsNote')} />
      <Table<OperatorExportItem>
        rowKey="id"
        loading={loading}
        dataSource={rows}
        pagination={false}
        data-testid="exports-table"
        columns={[
          { title: t('exportFile'), dataIndex: 'fileName' },
          { title: t('exportList'), dataIndex: 'listPath' },
          {
            title: t('exportStatus'),
            render: (_, r) =>
              r.status === 'running' ? (
                <span data-testid="export-running">
                  <Tag color={COLOR.running}>{status(r)}</Tag>
                  <Spin size="small" />
                </span>
              ) : (
                <Tag color={COLOR[r.status]} title={r.error ?? undefined}>
                  {status(r)}
                </Tag>
              ),
          },
          { title: t('exportRows'), dataIndex: 'rowsDone' },
          { title: t('exportCreated'), render: (_, r) => shanghaiTime(r.createdAt) },
          { title: t('exportExpires'), render: (_, r) => shanghaiTime(r.expiresAt) },
          {
            title: '',
            render: (_, r) =>
              r.status === 'done' ? (
                <Button
                  type="link"
                  onClick={() => void downloadExport(r.id, r.fileName)}
                  data-testid="export-download"
                >
                  {t('exportDownload')}
                </Button>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
