import { formatDate } from '@pos/core';
import { Button, ErrorBlock, List, Skeleton } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { recordGate } from '@/components/ui/record-state';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { dataKeys } from '../api/data-keys';
import { useMerchantTerminals } from '../api/get-merchant-terminals';
import { ActivationCards } from '../components/activation-card';
import { ListState } from '../components/list-state';
import { readId } from '../hooks/dates';
import { useParams } from '../hooks/use-param';
import '../data.css';
import '../i18n';

/**
 * A merchant's bound terminals (/pages/home/tripartiteData/merchBindTerm?merchantId=): the
 * merchant, and each terminal with its binding time and activation state.
 */
export default function MerchBindTermPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useParams();
  const merchantId = readId(params.get('merchantId')) ?? 0;
  const q = useMerchantTerminals(merchantId);
  const first = q.data?.pages[0];
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];
  const m = first?.merchant;

  let body;
  if (!merchantId) {
    body = (
      <ErrorBlock
        status="empty"
        title={t('data.noMerchant')}
        description={t('data.noMerchantDesc')}
        className="data-empty"
      >
        <Button
          color="primary"
          size="small"
          onClick={() => navigate('/pages/home/tripartiteData/merchStandardCheck')}
        >
          {t('data.goStandard')}
        </Button>
      </ErrorBlock>
    );
  } else
    body = recordGate(
      true,
      q,
      '/pages/home/tripartiteData/merchStandardCheck',
      <Skeleton.Paragraph lineCount={8} animated className="data-block" />,
    );
  if (merchantId && !body && m) {
    body = (
      <>
        <List className="data-list" header={m.name} data-testid="bind-merchant">
          <List.Item extra={m.merchantNo}>{t('data.merchantNo')}</List.Item>
          <List.Item extra={m.legalName}>{t('data.legalName')}</List.Item>
          <List.Item extra={m.mobile}>{t('data.mobile')}</List.Item>
          <List.Item extra={m.agentName}>{t('data.agent')}</List.Item>
          <List.Item extra={formatDate(m.createdAt)}>{t('data.createdAt')}</List.Item>
        </List>
        <div className="data-section-title">{t('data.boundTerminals')}</div>
        <ListState query={q} empty={t('data.noTerminals')}>
          <ActivationCards rows={rows} testId="bind-terminals" />
        </ListState>
      </>
    );
  }

  return (
    <Page
      title={t('data.bindTermTitle')}
      className="data-page"
      backTo="/pages/home/tripartiteData/merchStandardCheck"
    >
      <PullRefresh
        onRefresh={() => qc.invalidateQueries({ queryKey: dataKeys.merchant(merchantId) })}
      >
        {body}
      </PullRefresh>
    </Page>
  );
}
