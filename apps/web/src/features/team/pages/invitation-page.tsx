import { invitationLink } from '@pos/core';
import { Button, Skeleton, Steps } from 'antd-mobile';
import { DownlandOutline, PictureOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { copyText } from '@/components/ui/copy-text';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { useAppConfig } from '../api/get-app-config';
import { useInvitation } from '../api/get-invitation';
import { LevelTag } from '../components/level-tag';
import { SharePoster } from '../components/share-poster';
import { useQrDataUrl } from '../hooks/use-qr-data-url';
import '../i18n';
import '../team.css';
import { safeUrl } from '@/lib/safe-url';

/**
 * My invitation: the code, the link and its QR code, each easy to copy or show; a share poster
 * when the platform switches it on (app config sharePoster.isShow), saved as an image.
 */
export default function InvitationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useInvitation();
  const config = useAppConfig();
  const [posterOpen, setPosterOpen] = useState(false);
  const link = q.data ? invitationLink(window.location.origin, q.data.inviteCode) : null;
  const qr = useQrDataUrl(link);
  const poster = config.data?.sharePoster;

  let body;
  if (q.isLoading) body = <Skeleton.Paragraph lineCount={10} animated className="team-block" />;
  else if (q.isError || !q.data || !link)
    body = <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  else {
    const inv = q.data;
    body = (
      <>
        <section className="team-invite-hero">
          <h2>{t('team.inviteHeadline')}</h2>
          <p>{t('team.inviteSub')}</p>
          <div className="team-invite-card">
            <div className="team-invite-who">
              <span>{inv.name}</span>
              <LevelTag name={inv.levelName} />
            </div>
            <div className="team-invite-qr">
              {qr ? (
                <img src={qr} alt={t('team.qrTitle')} data-testid="invite-qr" />
              ) : (
                <Skeleton className="team-qr-skeleton" animated />
              )}
            </div>
            <div className="team-muted team-center">{t('team.qrHint')}</div>
            <div className="team-invite-code-row">
              <span className="team-muted">{t('team.inviteCode')}</span>
              <strong className="team-invite-code" data-testid="invite-code">
                {inv.inviteCode}
              </strong>
              <Button
                size="mini"
                color="primary"
                fill="outline"
                onClick={() => void copyText(inv.inviteCode)}
                data-testid="copy-code"
              >
                {t('team.copy')}
              </Button>
            </div>
            <div className="team-invite-link" data-testid="invite-link">
              {link}
            </div>
            <div className="team-invite-actions">
              <Button
                block
                color="primary"
                shape="rounded"
                onClick={() => void copyText(link)}
                data-testid="copy-link"
              >
                {t('team.copyLink')}
              </Button>
              {poster?.isShow && (
                <Button
                  block
                  color="warning"
                  shape="rounded"
                  disabled={!qr}
                  onClick={() => setPosterOpen(true)}
                  data-testid="open-poster"
                >
                  <PictureOutline /> {t('team.poster')}
                </Button>
              )}
            </div>
          </div>
        </section>
        <div className="team-section-title">{t('team.steps')}</div>
        <div className="team-block">
          <Steps direction="vertical" current={3}>
            <Steps.Step title={t('team.step1')} />
            <Steps.Step title={t('team.step2')} />
            <Steps.Step title={t('team.step3')} />
          </Steps>
        </div>
        <div className="team-block team-center">
          <Button
            fill="none"
            color="primary"
            onClick={() => navigate('/pages/home/invitation/down-app')}
          >
            <DownlandOutline /> {t('team.downloadApp')}
          </Button>
        </div>
        <SharePoster
          visible={posterOpen}
          onClose={() => setPosterOpen(false)}
          qrDataUrl={qr}
          inviterName={inv.name}
          inviteCode={inv.inviteCode}
          appName={config.data?.appName ?? '拓客宝'}
          backgroundUrl={safeUrl(poster?.imageUrl) ?? undefined}
        />
      </>
    );
  }

  return (
    <Page title={t('team.invitationTitle')} className="team-page team-invite-page">
      {body}
    </Page>
  );
}
