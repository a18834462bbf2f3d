import type { RateChangeItem } from '@pos/core';
import { useLang } from '@/lib/use-lang';
import { dateTime, rateLabel, rateText } from './policy-format';
import { StatusTag } from './status-tag';

/** One rate change in a list: merchant, rate type, old -> new, status and when. */
export function RateChangeCard({ item, onOpen }: { item: RateChangeItem; onOpen: () => void }) {
  const lang = useLang();
  return (
    <div
      className="pol-list-item"
      role="button"
      tabIndex={0}
      onClick={onOpen}
      data-testid={`rate-change-${item.id}`}
    >
      <div className="pol-list-head">
        <span>{item.merchantName}</span>
        <StatusTag status={item.status} />
      </div>
      <div className="pol-change">
        <span>{rateLabel(item.rateType, lang)}</span>
        <span className="old">{rateText(item.rateType, item.oldRate, lang)}</span>
        <span>→</span>
        <span className="new">{rateText(item.rateType, item.newRate, lang)}</span>
      </div>
      <div className="pol-list-sub">
        <span>{item.merchantNo}</span>
        {item.sn && <span>SN {item.sn}</span>}
        <span>{item.requestedByName}</span>
        <span>{dateTime(item.createdAt)}</span>
      </div>
      {item.reason && <div className="pol-error">{item.reason}</div>}
    </div>
  );
}
