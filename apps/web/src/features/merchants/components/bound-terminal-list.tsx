import { formatDate } from '@pos/core';
import { ErrorBlock, SearchBar } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { InfiniteList, ListSkeleton } from '@/components/ui/infinite-list';
import { useBoundTerminals } from '../api/get-bound-terminals';
import { merchantKeys } from '../api/merchant-keys';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { BindTag } from './status-tags';
import { usePartyName } from '@/lib/party-name';

const DAY_MS = 86_400_000;

/**
 * Bound (1) or activated (3) terminals of my subtree with their merchants: when each was bound,
 * and when it activated or by when it must. Opens the merchant.
 */
export function BoundTerminalList({ bindStatus }: { bindStatus: 1 | 3 }) {
  const { t } = useTranslation();
  const party = usePartyName();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [sn, setSn] = useState('');
  const search = useDebouncedValue(sn.trim());
  const q = useBoundTerminals(bindStatus, search.length >= 2 ? search : '');
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];
  const now = Date.now();
  const list = (
    <div className="merch-list" data-testid="bound-list">
      {rows.map((r) => {
        const days = r.activationDeadline
          ? Math.ceil((new Date(r.activationDeadline).getTime() - now) / DAY_MS)
          : null;
        return (
          <button
            type="button"
            key={r.id}
            className="merch-card"
            onClick={() =>
              r.merchantId && navigate(`/pages/home/home/detailInfo?id=${r.merchantId}`)
            }
          >
            <div className="merch-card-main">
              <div className="merch-card-name">
                {r.sn} <BindTag status={r.bindStatus} />
              </div>
              <div className="merch-card-sub">
                {t('merchants.merchant')}：{r.merchantName}
                <span className="merch-dot">·</span>
                {t('merchants.holder')}：{r.own ? t('merchants.mine') : party(r.holderName)}
              </div>
              <div className="merch-card-sub">
                {r.brandName} {r.model}
                <span className="merch-dot">·</span>
                {t('merchants.boundAt')} {formatDate(r.boundAt, 'yyyy-mm-dd hh:MM')}
              </div>
              <div className="merch-card-sub">
                {r.bindStatus === 3
                  ? `${t('merchants.activatedAt')} ${formatDate(r.activatedAt, 'yyyy-mm-dd hh:MM')}`
                  : `${t('merchants.deadline')} ${formatDate(r.activationDeadline)} · ${
                      days !== null && days > 0
                        ? t('merchants.daysLeft', { n: days })
                        : t('merchants.expired')
                    }`}
              </div>
            </div>
            <RightOutline className="merch-card-arrow" />
          </button>
        );
      })}
    </div>
  );
  return (
    <>
      <div className="merch-sticky merch-sticky-under-tabs">
        <SearchBar
          placeholder="SN"
          value={sn}
          onChange={(v) => setSn(v.toUpperCase())}
          maxLength={32}
        />
      </div>
      <InfiniteList
        query={q}
        onRefresh={() => qc.invalidateQueries({ queryKey: merchantKeys.all })}
        empty={<ErrorBlock status="empty" title={t('merchants.noTerminals')} description="" />}
        skeleton={<ListSkeleton lines={10} />}
      >
        {list}
      </InfiniteList>
    </>
  );
}
