import { Collapse, Skeleton } from 'antd-mobile';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from '@/lib/i18n';
import { Page } from '@/components/ui/page';
import { LoadError } from '@/components/ui/load-error';
import { useFaq } from '@/lib/content-text';
import { currentLang } from '@/lib/i18n';
import '../i18n';
import '../settings.css';

/**
 * Frequently asked questions about terminals, earnings and withdrawals, one open at a time, as
 * the platform publishes them from the console.
 */
export default function QuestionPage() {
  const { t } = useTranslation();
  const { data: faqs, isLoading, error, refetch } = useFaq(currentLang());
  return (
    <Page title={t('settings.faqTitle')} backTo="/page-subpage/setting/index" className="faq-page">
      {isLoading && <Skeleton.Paragraph lineCount={8} animated data-testid="faq-loading" />}
      {error && <LoadError error={error} onRetry={() => void refetch()} />}
      {faqs && (
        <Collapse accordion defaultActiveKey="0" className="faq-list" data-testid="faq-list">
          {faqs.map((f, i) => (
            <Collapse.Panel
              key={String(i)}
              title={
                <span className="faq-q">
                  <QuestionCircleOutline className="faq-icon" />
                  {f.q}
                </span>
              }
            >
              {f.a.map((p, j) => (
                <p key={j} className="faq-a">
                  {p}
                </p>
              ))}
            </Collapse.Panel>
          ))}
        </Collapse>
      )}
    </Page>
  );
}
