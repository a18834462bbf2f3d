import { formatDate, maskIdCard } from '@pos/core';
import { List, Skeleton, Tag } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { copyText } from '@/components/ui/copy-text';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { useAgentInfo } from '@/lib/session';
import '../i18n';
import '../mine.css';

/** An ID number that did not arrive masked is masked here: the screen never shows it whole. */
const maskedId = (v: string) => (v.includes('*') ? v : maskIdCard(v));

/** The agent's own profile, read from the agent info. */
export default function BaseInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: info, isLoading, isError, error, refetch } = useAgentInfo();

  let body;
  if (isLoading && !info) {
    body = (
      <div className="mine-skeleton">
        <Skeleton.Paragraph lineCount={9} animated />
      </div>
    );
  } else if (!info) {
    body = isError ? <LoadError error={error} onRetry={() => void refetch()} /> : null;
  } else {
    body = (
      <>
        <List
          mode="card"
          header={t('mine.baseInfo')}
          className="mine-info-list"
          data-testid="base-info"
        >
          <List.Item extra={info.name || t('mine.notProvided')}>{t('mine.name')}</List.Item>
          <List.Item extra={info.mobile}>{t('mine.mobile')}</List.Item>
          <List.Item extra={info.id}>{t('mine.agentId')}</List.Item>
          <List.Item extra={<span className="mine-level">{info.levelName}</span>}>
            {t('mine.level')}
          </List.Item>
          <List.Item
            extra={
              <span className="mine-copy-line">
                {info.inviteCode}
                <button
                  type="button"
                  className="mine-copy mine-copy-small"
                  onClick={() => void copyText(info.inviteCode)}
                >
                  {t('mine.copy')}
                </button>
              </span>
            }
          >
            {t('mine.inviteCode')}
          </List.Item>
          <List.Item extra={info.parentName ?? t('mine.noParent')}>{t('mine.parent')}</List.Item>
          <List.Item
            extra={info.isSpecificAccount ? t('mine.specificAccount') : t('mine.normalAccount')}
          >
            {t('mine.accountType')}
          </List.Item>
          <List.Item extra={formatDate(info.createdAt, 'yyyy-mm-dd')}>
            {t('mine.createdAt')}
          </List.Item>
        </List>
        <List mode="card" header={t('mine.identification')} className="mine-info-list">
          <List.Item
            extra={
              info.realNameVerified ? (
                <Tag color="success">{t('mine.verified')}</Tag>
              ) : (
                <Tag color="warning" fill="outline">
                  {t('mine.unverified')}
                </Tag>
              )
            }
            onClick={
              info.realNameVerified ? undefined : () => navigate('/pages/home/identification/index')
            }
          >
            {t('mine.realName')}
          </List.Item>
          <List.Item
            extra={info.idCardMasked ? maskedId(info.idCardMasked) : t('mine.notProvided')}
          >
            {t('mine.idCard')}
          </List.Item>
          <List.Item
            extra={info.hasPayPassword ? t('mine.payPasswordSet') : t('mine.payPasswordUnset')}
            onClick={() => navigate('/page-subpage/setting/forgotPayPassword')}
          >
            {t('mine.payPassword')}
          </List.Item>
        </List>
      </>
    );
  }
  return (
    <Page title={t('mine.baseInfo')} backTo="/pages/myInfo/index">
      <PullRefresh onRefresh={() => refetch()}>{body}</PullRefresh>
    </Page>
  );
}
