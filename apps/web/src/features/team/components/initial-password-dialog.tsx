import type { AddAgentResponse } from '@pos/core';
import { Button, Dialog } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { copyText } from '@/components/ui/copy-text';

/**
 * The one moment the initial password is shown: the account and password of the new agent, with
 * a button to copy both, and the choice to add another agent or finish.
 */
export function InitialPasswordDialog({
  created,
  onAnother,
  onDone,
}: {
  created: AddAgentResponse | null;
  onAnother: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible={created !== null}
      title={t('team.initialPasswordTitle')}
      closeOnAction={false}
      content={
        created && (
          <div className="team-initial" data-testid="initial-password-dialog">
            <p>{t('team.initialPasswordIntro', { name: created.name })}</p>
            <dl>
              <dt>{t('team.account')}</dt>
              <dd data-testid="initial-account">{created.mobile}</dd>
              <dt>{t('team.initialPassword')}</dt>
              <dd className="team-initial-password" data-testid="initial-password">
                {created.initialPassword}
              </dd>
            </dl>
            <Button
              block
              size="small"
              color="primary"
              fill="outline"
              onClick={() =>
                void copyText(
                  t('team.copyAccountText', {
                    mobile: created.mobile,
                    password: created.initialPassword,
                  }),
                )
              }
            >
              {t('team.copyAccount')}
            </Button>
          </div>
        )
      }
      actions={[
        [
          { key: 'another', text: t('team.addAnother'), onClick: onAnother },
          { key: 'done', text: t('team.done'), bold: true, onClick: onDone },
        ],
      ]}
    />
  );
}
