import { exportKindLabel, exportStatusLabel, formatDate, type ExportItem } from '@pos/core';
import { Button, DotLoading, Tag } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { InfiniteList, ListSkeleton } from '@/components/ui/infinite-list';
import { Page } from '@/components/ui/page';
import { useTranslation } from '@/lib/i18n';
import { Toast } from '@/lib/overlays';
import { useLang } from '@/lib/use-lang';
import { downloadExport, exportKeys, isPending, useExportList } from '../api/exports';
import '../i18n';
import '../exports.css';

const STATUS_COLOR: Record<ExportItem['status'], string> = {
  queued: 'default',
  running: 'primary',
  done: 'success',
  failed: 'danger',
};

function ExportCard({ e }: { e: ExportItem }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadExport(e);
    } catch {
      Toast.show({ content: t('exports.downloadFailed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="export-card" data-testid="export-card" data-status={e.status}>
      <div className="export-card-head">
        <Tag color="primary" fill="outline">
          {exportKindLabel(e.kind, lang)}
        </Tag>
        <span className="export-card-name" data-testid="export-name">
          {e.fileName}
        </span>
        <Tag color={STATUS_COLOR[e.status]} data-testid="export-status">
          {exportStatusLabel(e.status, lang)}
        </Tag>
      </div>
      {isPending(e) && (
        <div className="export-card-progress" data-testid="export-progress">
          <DotLoading color="primary" />
          {e.status === 'queued'
            ? t('exports.queued')
            : t('exports.writing', { count: e.rowsDone })}
        </div>
      )}
      {e.status === 'failed' && (
        <div className="export-card-error">{e.error ?? t('exports.failed')}</div>
      )}
      <div className="export-card-meta">
        <span>{formatDate(e.createdAt, 'yyyy-mm-dd hh:MM')}</span>
        {e.status === 'done' && (
          <span data-testid="export-rows">{t('exports.rows', { count: e.rowsDone })}</span>
        )}
        {e.sizeBytes !== null && (
          <span>{t('exports.size', { size: Math.max(1, Math.round(e.sizeBytes / 1024)) })}</span>
        )}
        <span>{t('exports.expires', { at: formatDate(e.expiresAt, 'yyyy-mm-dd hh:MM') })}</span>
      </div>
      {e.truncated && (
        <div className="export-card-error">{t('exports.truncated', { count: e.rowsDone })}</div>
      )}
      {e.status === 'done' && (
        <div className="export-card-actions">
          <Button
            size="small"
            color="primary"
            loading={busy}
            onClick={() => void download()}
            data-testid="export-download"
          >
            {t('exports.download')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** My exports (/pages/exports/index): newest first, progress while written, pull to refresh. */
export default function ExportsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useExportList();

  return (
    <Page title={t('exports.title')} backTo="/pages/myInfo/index">
      <InfiniteList
        query={q}
        onRefresh={() => qc.invalidateQueries({ queryKey: exportKeys.all })}
        empty={t('exports.empty')}
        emptyTestId="export-empty"
        skeleton={<ListSkeleton className="export-list" />}
      >
        {(rows) => (
          <div className="export-list" data-testid="export-list">
            {rows.map((e) => (
              <ExportCard key={e.id} e={e} />
            ))}
          </div>
        )}
      </InfiniteList>
    </Page>
  );
}
