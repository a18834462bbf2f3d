import { FULL_PASS_PPM, sharePpmToPercentText, type PriceShareItem } from '@pos/core';
import { Tag } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { dateTime } from './policy-format';

/** One child and policy with the share passed down to it. */
export function ShareItem({ item, onOpen }: { item: PriceShareItem; onOpen?: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      className="pol-list-item"
      role={onOpen ? 'button' : undefined}
      tabIndex={onOpen ? 0 : undefined}
      onClick={onOpen}
      data-testid={`share-${item.childId}-${item.policyId}`}
    >
      <div className="pol-list-head">
        <span>
          {item.childName} <span className="pol-muted">{item.childMobile}</span>
        </span>
        <span>
          <b style={{ color: 'var(--adm-color-primary)' }}>{sharePpmToPercentText(item.passPpm)}</b>{' '}
          {item.isDefault && (
            <Tag color="default" fill="outline">
              {t('policies.defaultShare')}
            </Tag>
          )}
        </span>
      </div>
      <div className="pol-list-sub">
        <span>{item.policyName}</span>
        <span>
          {t('policies.keepRate', { v: sharePpmToPercentText(FULL_PASS_PPM - item.passPpm) })}
        </span>
        {item.updatedAt && <span>{t('policies.updatedAt', { t: dateTime(item.updatedAt) })}</span>}
      </div>
    </div>
  );
}
