import type { TerminalListItem } from '@pos/core';
import { formatDate } from '@pos/core';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from '@/lib/i18n';
import { BindStatusTag } from './bind-status-tag';
import { usePartyName } from '@/lib/party-name';

/** A terminal in a list: SN, brand and model, holder, state and the time that matters for it. */
export function TerminalCard({
  terminal,
  onOpen,
}: {
  terminal: TerminalListItem;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const party = usePartyName();
  const holder = terminal.own ? t('terminals.ownShort') : party(terminal.holderName);
  let when = '';
  if (terminal.bindStatus === 3 && terminal.activatedAt) {
    when = `${t('terminals.activatedAt')} ${formatDate(terminal.activatedAt)}`;
  } else if (terminal.bindStatus === 1 && terminal.activationDeadline) {
    when = `${t('terminals.deadline')} ${formatDate(terminal.activationDeadline)}`;
  }
  return (
    <button
      type="button"
      className="term-card"
      onClick={onOpen}
      data-testid={`terminal-${terminal.sn}`}
    >
      <div className="term-card-main">
        <div className="term-card-sn">{terminal.sn}</div>
        <div className="term-card-sub">
          {terminal.brandName} {terminal.model}
          <span className="term-dot">·</span>
          {t('terminals.holderOf', { name: holder })}
        </div>
        {(terminal.merchantName || when) && (
          <div className="term-card-sub">
            {terminal.merchantName}
            {terminal.merchantName && when && <span className="term-dot">·</span>}
            {when}
          </div>
        )}
      </div>
      <div className="term-card-side">
        <BindStatusTag status={terminal.bindStatus} pending={terminal.pending} />
        <RightOutline className="term-card-arrow" />
      </div>
    </button>
  );
}
