import { PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';

/** Pull-to-refresh with the app's texts in the current language. */
export function PullRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PullToRefresh
      onRefresh={async () => {
        await onRefresh();
      }}
      pullingText={t('common.pullToRefresh')}
      canReleaseText={t('common.pullCanRelease')}
      refreshingText={t('common.pullRefreshing')}
      completeText={t('common.pullComplete')}
    >
      {children}
    </PullToRefresh>
  );
}
