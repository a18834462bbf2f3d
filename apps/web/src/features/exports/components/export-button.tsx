import type { ExportKind } from '@pos/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Toast } from '@/lib/overlays';
import { useNavigate } from '@/lib/router';
import { useLang } from '@/lib/use-lang';
import { createExport, exportKeys } from '../api/exports';
import '../i18n';
import '../exports.css';

interface Props {
  kind: ExportKind;
  /** The filters the list shows now: the file holds the same rows. */
  filters?: Record<string, string | number | boolean | undefined>;
}

/**
 * "导出" in a list page's header: asks the server to write the list, as filtered, to an .xlsx file
 * in the background, and opens "my exports" where its progress shows.
 */
export function ExportButton({ kind, filters = {} }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await createExport(kind, filters, lang);
      void qc.invalidateQueries({ queryKey: exportKeys.all });
      Toast.show({ content: t('exports.started') });
      navigate('/pages/exports/index');
    } catch {
      // The client has said why (too many waiting, a filter refused).
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="export-button"
      disabled={busy}
      onClick={() => void start()}
      data-testid={`export-${kind}`}
    >
      {t('exports.export')}
    </button>
  );
}
