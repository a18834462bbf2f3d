import { Tabs } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useSearchParams } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { BoundTerminalList } from '../components/bound-terminal-list';
import '../i18n';
import '../merchants.css';

/** Binding information: which terminals are bound to which merchants, and since when. */
export default function MerchBindInfoPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = params.get('bindStatus') === '3' ? 3 : 1;
  return (
    <Page title={t('merchants.bindInfoTitle')} className="merch-page">
      <Tabs
        activeKey={String(status)}
        onChange={(k) => setParams({ bindStatus: k }, { replace: true })}
      >
        <Tabs.Tab key="1" title={t('merchants.bindTabs.1')} />
        <Tabs.Tab key="3" title={t('merchants.bindTabs.3')} />
      </Tabs>
      <BoundTerminalList key={status} bindStatus={status} />
    </Page>
  );
}
