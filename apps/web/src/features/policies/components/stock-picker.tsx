import { Button, Checkbox, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useFeeTerminals } from '../api/get-fee-terminals';
import { useLang } from '@/lib/use-lang';
import { EmptyBlock, ListStates } from './list-states';
import { money } from './policy-format';

/**
 * A popup of the unbound terminals the caller holds under a policy, to tick the ones a fee change
 * is for, each with its current fee. Terminals with a change of this kind in flight, and those
 * already at the fee chosen, cannot be ticked (the server would refuse the whole batch).
 */
export function StockPicker({
  visible,
  kind,
  policyId,
  initial,
  targetFeeFen,
  onClose,
  onConfirm,
}: {
  visible: boolean;
  kind: 1 | 2;
  policyId: number | undefined;
  initial: string[];
  /** The new fee, once chosen. */
  targetFeeFen: number | undefined;
  onClose: () => void;
  /** The ticked SNs, and the current fee of each as the list showed it. */
  onConfirm: (sns: string[], feesFen: Record<string, number>) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const q = useFeeTerminals(kind, policyId, visible);
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];
  const feeOf = (r: (typeof rows)[number]) => (kind === 1 ? r.serviceFeeFen : r.commFeeFen);
  const atTarget = new Set(rows.filter((r) => feeOf(r) === targetFeeFen).map((r) => r.sn));
  const [picked, setPicked] = useState<string[]>(initial);
  const tickable = picked.filter((sn) => !atTarget.has(sn));
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
          <small>{t('policies.selectedCount', { n: tickable.length })}</small>
        </div>
        <div className="pol-stock-body">
          <ListStates q={q} empty={<EmptyBlock title={t('policies.noRecords')} />}>
            <Checkbox.Group value={tickable} onChange={(v) => setPicked(v as string[])}>
              {rows.map((r) => (
                <div className="pol-row" key={r.sn} style={{ padding: '8px 14px' }}>
                  <Checkbox
                    value={r.sn}
                    disabled={r.pending || atTarget.has(r.sn)}
                    data-testid={`stock-${r.sn}`}
                  >
                    {r.sn}
                  </Checkbox>
                  <span className="pol-muted" data-testid={`stock-fee-${r.sn}`}>
                    {r.pending
                      ? t('policies.inFlightMark')
                      : atTarget.has(r.sn)
                        ? t('policies.atTargetMark', { fee: money(feeOf(r), lang) })
                        : money(feeOf(r), lang)}
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
            onClick={() =>
              onConfirm(tickable, Object.fromEntries(rows.map((r) => [r.sn, feeOf(r)] as const)))
            }
            data-testid="stock-confirm"
          >
            {t('policies.confirmPick')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
