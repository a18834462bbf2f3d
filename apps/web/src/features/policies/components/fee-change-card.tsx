import type { FeeChangeItem } from '@pos/core';
import { useTranslation } from '@/lib/i18n';
import { useLang } from '@/lib/use-lang';
import { dateTime, money } from './policy-format';
import { StatusTag } from './status-tag';

/** One fee change batch in a list: kind, SNs, new fee, status and when. */
export function FeeChangeCard({ item, onOpen }: { item: FeeChangeItem; onOpen: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <div
      className="pol-list-item"
      role="button"
      tabIndex={0}
      onClick={onOpen}
      data-testid={`fee-change-${item.id}`}
    >
      <div className="pol-list-head">
        <span>
          {item.kind === 1 ? t('policies.feeKindService') : t('policies.feeKindComm')} →{' '}
          {money(item.newFeeFen, lang)}
        </span>
        <StatusTag status={item.status} />
      </div>
      <div className="pol-list-sub">
        <span data-testid="fee-change-sns">
          {item.snRuns.map((r) => (r.count > 1 ? `${r.first} ~ ${r.last}` : r.first)).join('、')}
          {item.runCount > item.snRuns.length ? ' …' : ''}
        </span>
        <span>{t('policies.snCount', { n: item.count })}</span>
        <span>{item.requestedByName}</span>
        <span>{dateTime(item.createdAt)}</span>
      </div>
      {item.reason && <div className="pol-error">{item.reason}</div>}
    </div>
  );
}
