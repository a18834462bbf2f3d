import { Button, ErrorBlock, List, Picker, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Page } from '@/components/ui/page';
import { useBrands } from '../api/get-brands';
import { useModifyBrand } from '../api/modify-brand';
import {
  emptySelection,
  readSnSelection,
  SnSelectionInput,
  type SnSelectionValue,
} from '../components/sn-selection';
import { useIsOperator } from '../hooks/use-role';
import '../i18n';
import '../terminals.css';

/**
 * Brand modification (platform operators): correct the brand and model recorded on unbound
 * terminals, chosen by range, list or camera; check first (count only), then change, all or
 * nothing.
 */
export default function BrandModificationPage() {
  const { t } = useTranslation();
  const operator = useIsOperator();
  const brands = useBrands();
  const modify = useModifyBrand();
  const [selection, setSelection] = useState<SnSelectionValue>(() => emptySelection());
  const [brandId, setBrandId] = useState<number | null>(null);
  const [model, setModel] = useState<string | null>(null);
  const [brandOpen, setBrandOpen] = useState(false);
  const [modelOpen, setModelOpen] = useState(false);
  const [checked, setChecked] = useState<number | null>(null);
  const brand = brands.data?.find((b) => b.id === brandId);

  const run = async (dryRun: boolean) => {
    const read = readSnSelection(selection);
    if (!read.ok) return Toast.show({ content: read.error });
    if (!brandId) return Toast.show({ content: t('terminals.pickBrand') });
    if (!model) return Toast.show({ content: t('terminals.pickModel') });
    try {
      const res = await modify.mutateAsync({ ...read.request, brandId, model, dryRun });
      if (dryRun) setChecked(res.count);
      else {
        Toast.show({ icon: 'success', content: t('terminals.brandDone') });
        setChecked(null);
        setSelection(emptySelection(selection.mode));
      }
    } catch {
      setChecked(null);
    }
  };

  if (!operator) {
    return (
      <Page title={t('terminals.brandTitle')} className="term-page" backTo="/pages/terminal/index">
        <ErrorBlock
          status="disconnected"
          title={t('terminals.operatorOnly')}
          description={t('terminals.brandHint')}
        />
      </Page>
    );
  }
  return (
    <Page title={t('terminals.brandTitle')} className="term-page" backTo="/pages/terminal/index">
      <div className="term-intro">{t('terminals.brandHint')}</div>
      <div className="term-block">
        <div className="term-section-title">{t('terminals.terminals')}</div>
        <SnSelectionInput
          value={selection}
          onChange={(v) => {
            setSelection(v);
            setChecked(null);
          }}
          stockHolderId={undefined}
        />
      </div>
      <List mode="card">
        <List.Item
          onClick={() => setBrandOpen(true)}
          extra={brand?.name ?? t('terminals.pickBrand')}
        >
          {t('terminals.newBrand')}
        </List.Item>
        <List.Item
          onClick={() => brand && setModelOpen(true)}
          extra={model ?? t('terminals.pickModel')}
        >
          {t('terminals.newModel')}
        </List.Item>
      </List>
      {checked !== null && (
        <div className="term-selection-note term-pad">{t('terminals.checkOk', { n: checked })}</div>
      )}
      <div className="term-actions">
        <Button
          block
          fill="outline"
          color="primary"
          loading={modify.isPending}
          onClick={() => void run(true)}
        >
          {t('terminals.check')}
        </Button>
        <Button
          block
          color="primary"
          disabled={checked === null}
          loading={modify.isPending}
          onClick={() => void run(false)}
        >
          {t('terminals.brandSubmit')}
        </Button>
      </div>
      <Picker
        visible={brandOpen}
        onClose={() => setBrandOpen(false)}
        columns={[(brands.data ?? []).map((b) => ({ label: b.name, value: b.id }))]}
        onConfirm={(v) => {
          setBrandId(Number(v[0]));
          setModel(null);
          setChecked(null);
        }}
      />
      <Picker
        visible={modelOpen}
        onClose={() => setModelOpen(false)}
        columns={[(brand?.models ?? []).map((m) => ({ label: m, value: m }))]}
        onConfirm={(v) => {
          setModel(String(v[0]));
          setChecked(null);
        }}
      />
    </Page>
  );
}
