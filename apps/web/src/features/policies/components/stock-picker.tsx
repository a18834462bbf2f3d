import { Button, Checkbox, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeeTerminals } from '../api/get-fee-terminals';
import { useLang } from '@/lib/use-lang';
import { EmptyBlock, ListStates } from './list-states';
import { money } from './policy-format';

/**
 * A popup of the unbound terminals the caller holds under a policy, to tick the ones a fee change
 * is for. Terminals with a change of this kind in flight cannot be ticked.
 */
export function StockPicker({
  visible,
  kind,
  policyId,
  initial,
  onClose,
  onConfirm,
}: {
  visible: boolean;
  kind: 1 | 2;
  policyId: number | undefined;
  initial: string[];
  onClose: () => void;
  onConfirm: (sns: string[]) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const q = useFeeTerminals(kind, policyId, visible);
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];
  const [picked, setPicked] = useState<string[]>(initial);
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
      destroyOnClose
    >
      <div className="pol-stock-popup" data-testid="stock-picker">
        <div className="pol-card-title" style={{ padding: '14px 14px 0' }}>
          {t('policies.stockTitle')}
          <small>{t('policies.selectedCount', { n: picked.length })}</small>
        </div>
        <div className="pol-stock-body">
          <ListStates
            q={q}
            count={rows.length}
            empty={<EmptyBlock title={t('policies.noRecords')} />}
          >
            <Checkbox.Group value={picked} onChange={(v) => setPicked(v as string[])}>
              {rows.map((r) => (
                <div className="pol-row" key={r.sn} style={{ padding: '8px 14px' }}>
                  <Checkbox value={r.sn} disabled={r.pending} data-testid={`stock-${r.sn}`}>
                    {r.sn}
                  </Checkbox>
                  <span className="pol-muted">
                    {r.pending
                      ? t('policies.inFlightMark')
                      : money(kind === 1 ? r.serviceFeeFen : r.commFeeFen, lang)}
                  </span>
                </div>
              ))}
            </Checkbox.Group>
          </ListStates>
        </div>
        <div style={{ padding: 12 }}>
          <Button
            block
            color="primary"
            onClick={() => onConfirm(picked)}
            data-testid="stock-confirm"
          >
            {t('policies.confirmPick')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
