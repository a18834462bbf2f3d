import { sharePpmToPercentText } from '@pos/core';
import { useTranslation } from '@/lib/i18n';
import { EmptyBlock } from './list-states';
import { dateTime } from './policy-format';
import { usePartyName } from '@/lib/party-name';

/** The changes of a pass-down share, newest first. */
export function ShareHistory({
  history,
}: {
  history: { passPpm: number; previousPassPpm: number; changedByName: string; createdAt: string }[];
}) {
  const { t } = useTranslation();
  const party = usePartyName();
  if (history.length === 0) return <EmptyBlock title={t('policies.noHistory')} />;
  return (
    <div className="pol-card" data-testid="share-history">
      {history.map((h, i) => (
        <div className="pol-row" key={`${h.createdAt}-${i}`}>
          <span>
            {t('policies.fromTo', {
              from: sharePpmToPercentText(h.previousPassPpm),
              to: sharePpmToPercentText(h.passPpm),
            })}
          </span>
          <span className="pol-muted">
            {dateTime(h.createdAt)} · {party(h.changedByName)}
          </span>
        </div>
      ))}
    </div>
  );
}
