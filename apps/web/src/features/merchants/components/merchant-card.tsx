import { formatDate, type MerchantListItem } from '@pos/core';
import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';

/** A merchant in a list: name, number, legal person and mobile (masked), agent, terminals. */
export function MerchantCard({
  merchant,
  onOpen,
  tags,
}: {
  merchant: MerchantListItem;
  onOpen: () => void;
  tags?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="merch-card"
      onClick={onOpen}
      data-testid={`merchant-${merchant.id}`}
    >
      <div className="merch-card-main">
        <div className="merch-card-name">{merchant.name}</div>
        <div className="merch-card-sub">
          {merchant.merchantNo}
          <span className="merch-dot">·</span>
          {merchant.legalName} {merchant.mobile}
        </div>
        <div className="merch-card-sub">
          {t('merchants.agent')}：{merchant.own ? t('merchants.mine') : merchant.agentName}
          <span className="merch-dot">·</span>
          {t('merchants.terminalsN', { n: merchant.terminalCount })} /{' '}
          {t('merchants.activatedN', { n: merchant.activatedCount })}
          <span className="merch-dot">·</span>
          {formatDate(merchant.createdAt)}
        </div>
        {tags && <div className="merch-card-tags">{tags}</div>}
      </div>
      <RightOutline className="merch-card-arrow" />
    </button>
  );
}
