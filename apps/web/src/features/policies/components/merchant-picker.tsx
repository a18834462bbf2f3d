import type { RateMerchant } from '@pos/core';
import { SearchBar } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useRateMerchants } from '../api/get-rate-merchants';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { EmptyBlock, ListStates } from './list-states';

/** The caller's direct merchants, searchable by name, merchant number or a bound terminal's SN. */
export function MerchantPicker({
  onPick,
}: {
  onPick: (merchant: RateMerchant, keyword: string) => void;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const search = useDebouncedValue(keyword.trim());
  const q = useRateMerchants(search);
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <>
      <div className="pol-toolbar">
        <SearchBar
          placeholder={t('policies.searchMerchantPh')}
          value={keyword}
          onChange={setKeyword}
          maxLength={40}
          data-testid="merchant-search"
        />
      </div>
      <ListStates q={q} empty={<EmptyBlock title={t('policies.noMerchants')} />}>
        <div data-testid="merchant-list">
          {rows.map((m) => (
            <div
              key={m.id}
              className="pol-list-item"
              role="button"
              tabIndex={0}
              data-testid={`merchant-${m.id}`}
              onClick={() => onPick(m, search)}
            >
              <div className="pol-list-head">
                {m.name}
                <span className="pol-muted">
                  {t('policies.terminalCount', { n: m.terminalCount })}
                </span>
              </div>
              <div className="pol-list-sub">
                <span>{m.merchantNo}</span>
                <span>{m.legalName}</span>
                {m.policyNames.map((p) => (
                  <span key={p}>{p}</span>
                ))}
              </div>
              {m.sns.length > 0 && (
                <div className="pol-sn-list" style={{ marginTop: 6 }}>
                  {m.sns.map((sn) => (
                    <span key={sn}>{sn}</span>
                  ))}
                </div>
              )}
            </div>
          ))}
        </div>
      </ListStates>
    </>
  );
}
