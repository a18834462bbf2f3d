import { maskName } from '@pos/core';
import { Button, Dialog, Empty, List, NoticeBar, Skeleton, SwipeAction, Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { useIdentityStatus } from '../api/get-identity-status';
import { useSettleAccounts } from '../api/get-settle-accounts';
import { withdrawalKeys } from '../api/keys';
import { useDelOtherAccount } from '../api/save-settle-account';
import '../i18n';
import '../withdrawals.css';

/** My settlement accounts: the own bank card and other holders' accounts (/pages/myInfo/settlementAccount/index). */
export default function SettlementAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const q = useSettleAccounts();
  const identity = useIdentityStatus();
  const del = useDelOtherAccount();

  const remove = async (id: number) => {
    if (!(await Dialog.confirm({ content: t('withdrawals.deleteConfirm') }))) return;
    try {
      await del.mutateAsync(id);
      Toast.show({ icon: 'success', content: t('withdrawals.deleted') });
    } catch {
      // toasted
    }
  };

  return (
    <Page title={t('withdrawals.settlementAccount')} className="wd-page">
      <PullRefresh
        onRefresh={() => qc.invalidateQueries({ queryKey: withdrawalKeys.settleAccounts() })}
      >
        {identity.data && !identity.data.verified && (
          <NoticeBar
            color="alert"
            content={t('withdrawals.notVerified')}
            extra={
              <a onClick={() => navigate('/pages/earnings/uploadIdCard')}>
                {t('withdrawals.goVerify')}
              </a>
            }
          />
        )}
        {q.isLoading ? (
          <div className="wd-block">
            <Skeleton.Paragraph lineCount={6} animated />
          </div>
        ) : q.isError || !q.data ? (
          <LoadError error={q.error} onRetry={() => void q.refetch()} />
        ) : (
          <>
            <List header={t('withdrawals.ownCard')}>
              {q.data.own ? (
                <div className="wd-card" data-testid="own-card">
                  <div>{q.data.own.bankName}</div>
                  <div className="wd-card-no">{q.data.own.cardMasked}</div>
                  <div>{maskName(q.data.own.holderName)}</div>
                </div>
              ) : (
                <Empty description={t('withdrawals.noCard')} />
              )}
              <List.Item
                onClick={() =>
                  navigate(`/pages/myInfo/bindCard/bindCard?mode=${q.data.own ? 'edit' : 'add'}`)
                }
                data-testid="bind-own"
              >
                {q.data.own ? t('withdrawals.changeCard') : t('withdrawals.bindCard')}
              </List.Item>
            </List>
            <List header={t('withdrawals.otherAccounts')}>
              {q.data.others.length === 0 && (
                <List.Item>
                  <span className="wd-row-sub">{t('withdrawals.noOther')}</span>
                </List.Item>
              )}
              {q.data.others.map((a) => (
                <SwipeAction
                  key={a.id}
                  rightActions={[
                    {
                      key: 'del',
                      text: t('withdrawals.delete'),
                      color: 'danger',
                      onClick: () => void remove(a.id),
                    },
                  ]}
                >
                  <List.Item
                    description={`${maskName(a.holderName)} · ${a.mobileMasked ?? ''}`}
                    extra={
                      <Button
                        size="mini"
                        color="danger"
                        fill="none"
                        onClick={() => void remove(a.id)}
                        aria-label={`${t('withdrawals.delete')} ${a.cardMasked}`}
                      >
                        {t('withdrawals.delete')}
                      </Button>
                    }
                  >
                    {a.bankName} {a.cardMasked}
                  </List.Item>
                </SwipeAction>
              ))}
            </List>
            <div className="wd-submit">
              <Button
                block
                fill="outline"
                color="primary"
                onClick={() => navigate('/pages/myInfo/bindCard/bindCard?mode=other')}
                data-testid="add-other"
              >
                {t('withdrawals.addOther')}
              </Button>
            </div>
          </>
        )}
      </PullRefresh>
    </Page>
  );
}
