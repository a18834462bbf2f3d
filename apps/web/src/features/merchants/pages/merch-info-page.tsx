import type { MerchantCondition } from '@pos/core';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { MerchantListView } from '../components/merchant-list-view';
import { ExportButton } from '@/features/exports/components/export-button';
import { readCondition } from '../hooks/read-condition';
import '../i18n';
import '../merchants.css';

const CONDITIONS: MerchantCondition[] = ['all', 'activated', 'notActivated', 'newThisMonth'];

/** Merchant information (home): my merchants and my team's, searchable, by activation. */
export default function MerchInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const condition = readCondition(params.get('condition'), CONDITIONS);
  // The export holds the rows the list shows: its condition and its search.
  const [keyword, setKeyword] = useState('');
  return (
    <Page
      title={t('merchants.listTitle')}
      className="merch-page"
      right={
        <ExportButton kind="merchants" filters={{ condition, keyword: keyword || undefined }} />
      }
    >
      <MerchantListView
        conditions={CONDITIONS}
        condition={condition}
        onCondition={(c) => setParams(c === 'all' ? {} : { condition: c }, { replace: true })}
        onOpen={(m) => navigate(`/pages/home/home/detailInfo?id=${m.id}`)}
        onSearch={setKeyword}
      />
    </Page>
  );
}
