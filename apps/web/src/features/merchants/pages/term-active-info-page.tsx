import { Tabs } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useSearchParams } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { BoundTerminalList } from '../components/bound-terminal-list';
import '../i18n';
import '../merchants.css';

/**
 * Terminal activation information: bound terminals still to activate (with the days left in
 * their window) and activated ones with their activation time.
 */
export default function TermActiveInfoPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const done = params.get('tab') === 'done';
  return (
    <Page title={t('merchants.activeInfoTitle')} className="merch-page">
      <Tabs
        activeKey={done ? 'done' : 'pending'}
        onChange={(k) => setParams(k === 'done' ? { tab: 'done' } : {}, { replace: true })}
      >
        <Tabs.Tab key="pending" title={t('merchants.activeTabs.pending')} />
        <Tabs.Tab key="done" title={t('merchants.activeTabs.done')} />
      </Tabs>
      <BoundTerminalList key={done ? 3 : 1} bindStatus={done ? 3 : 1} />
    </Page>
  );
}
