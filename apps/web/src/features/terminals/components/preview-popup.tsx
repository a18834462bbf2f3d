import type { TerminalOperatePreview } from '@pos/core';
import { Button, List, Popup } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { usePartyName } from '@/lib/party-name';

/**
 * The last look before an operation: who gives, who receives, how many, which SNs; `children`
 * adds what else the confirmation commits to (a sale on credit's price and schedule).
 */
export function PreviewPopup({
  preview,
  onCancel,
  onConfirm,
  busy,
  children,
  confirmLabel,
}: {
  preview: TerminalOperatePreview | null;
  onCancel: () => void;
  onConfirm: () => void;
  busy: boolean;
  children?: ReactNode;
  confirmLabel?: string;
}) {
  const { t } = useTranslation();
  const verb = preview ? t(`terminals.types.${preview.type}`) : '';
  const partyName = usePartyName();
  const party = (p: TerminalOperatePreview['from']) =>
    p.mobile ? `${partyName(p.name)}（${p.mobile}）` : partyName(p.name);
  return (
    <Popup
      visible={preview !== null}
      onMaskClick={onCancel}
      bodyClassName="term-popup"
      destroyOnClose
    >
      {preview && (
        <div data-testid="preview">
          <div className="term-popup-title">
            {t('terminals.previewTitle')} · {verb}
          </div>
          <List>
            <List.Item extra={party(preview.from)}>{t('terminals.previewFrom')}</List.Item>
            <List.Item extra={party(preview.to)}>{t('terminals.previewTo')}</List.Item>
            <List.Item
              extra={
                <b data-testid="preview-count">{t('terminals.countN', { n: preview.count })}</b>
              }
            >
              {t('terminals.previewCount')}
            </List.Item>
            {preview.byBrand.map((b) => (
              <List.Item key={b.brandName} extra={t('terminals.countN', { n: b.count })}>
                {b.brandName}
              </List.Item>
            ))}
          </List>
          <div className="term-preview-sns" data-testid="preview-sns">
            {preview.terminals.map((tm) => (
              <span key={tm.sn} className="term-preview-sn">
                {tm.sn}
              </span>
            ))}
            {preview.count > preview.terminals.length && (
              <span className="term-muted">{t('terminals.previewMore', { n: preview.count })}</span>
            )}
          </div>
          {children}
          <div className="term-popup-actions">
            <Button onClick={onCancel}>{t('terminals.cancel')}</Button>
            <Button
              color="primary"
              loading={busy}
              onClick={onConfirm}
              data-testid="confirm-operation"
            >
              {confirmLabel ?? t('terminals.confirm', { verb })}
            </Button>
          </div>
        </div>
      )}
    </Popup>
  );
}
