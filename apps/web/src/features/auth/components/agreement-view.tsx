import { Skeleton, Tabs } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useSearchParams } from '@/lib/router';
import { LoadError } from '@/components/ui/load-error';
import { useAgreement } from '@/lib/content-text';

/** One published document (the agreement or the privacy policy), with loading and error states. */
function Doc({ kind, lang }: { kind: 'agreement' | 'privacy'; lang: 'zh' | 'en' }) {
  const { data: doc, isLoading, error, refetch } = useAgreement(kind, lang);
  if (isLoading)
    return <Skeleton.Paragraph lineCount={10} animated data-testid="agreement-loading" />;
  if (error || !doc) return <LoadError error={error} onRetry={() => void refetch()} />;
  return (
    <article className="agreement-doc" lang={lang === 'zh' ? 'zh-CN' : 'en'}>
      <h1>{doc.title}</h1>
      <p className="agreement-updated">{doc.updated}</p>
      <p className="agreement-intro">{doc.intro}</p>
      {doc.sections.map((s) => (
        <section key={s.heading}>
          <h2>{s.heading}</h2>
          {s.paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </section>
      ))}
    </article>
  );
}

/**
 * The user agreement and the privacy policy as two tabs; ?type=privacy opens the second and
 * ?lang=en (or English chosen in settings) shows the English text.
 */
export function AgreementView() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const lang = (params.get('lang') ?? i18n.language) === 'en' ? 'en' : 'zh';
  const active = params.get('type') === 'privacy' ? 'privacy' : 'agreement';
  return (
    <div className="agreement">
      <Tabs
        activeKey={active}
        onChange={(key) => {
          const next = new URLSearchParams(params);
          next.set('type', key);
          setParams(next, { replace: true });
        }}
        className="agreement-tabs"
      >
        <Tabs.Tab title={t('auth.agreementTab')} key="agreement">
          <Doc kind="agreement" lang={lang} />
        </Tabs.Tab>
        <Tabs.Tab title={t('auth.privacyTab')} key="privacy">
          <Doc kind="privacy" lang={lang} />
        </Tabs.Tab>
      </Tabs>
    </div>
  );
}
