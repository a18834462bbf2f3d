import type { MerchantCondition } from '@pos/core';
import { Button, List } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { useAgentInfo } from '@/lib/session';
import { MerchantListView } from '../components/merchant-list-view';
import { IdentifyTag } from '../components/status-tags';
import { readCondition } from '../hooks/read-condition';
import '../i18n';
import '../merchants.css';

const CONDITIONS: MerchantCondition[] = ['notIdentified', 'all'];

/**
 * Verification (authentication info): my own real-name state, with the way to verify, and the
 * identification of my merchants' legal persons.
 */
export default function IdentificationIndexPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const condition = readCondition(params.get('condition'), CONDITIONS);
  const me = useAgentInfo();
  const verified = me.data?.realNameVerified;
  return (
    <Page title={t('merchants.identTitle')} className="merch-page">
      <List mode="card" header={t('merchants.myIdentity')}>
        <List.Item
          extra={
            verified === undefined ? null : verified ? (
              t('merchants.verified')
            ) : (
              <Button
                size="mini"
                color="primary"
                onClick={() => navigate('/pages/earnings/uploadIdCard')}
              >
                {t('merchants.goVerify')}
              </Button>
            )
          }
          description={me.data?.idCardMasked ?? undefined}
        >
          {me.data?.name ?? ''} {verified === false ? `(${t('merchants.notVerified')})` : ''}
        </List.Item>
      </List>
      <div className="merch-section-title merch-pad">{t('merchants.merchantIdent')}</div>
      <MerchantListView
        conditions={CONDITIONS}
        condition={condition}
        onCondition={(c) => setParams({ condition: c }, { replace: true })}
        onOpen={(m) => navigate(`/pages/home/identification/merchant?id=${m.id}`)}
        tags={(m) => <IdentifyTag status={m.identifyStatus} />}
      />
    </Page>
  );
}
