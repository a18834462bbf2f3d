import { Switch } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { Toast } from '@/lib/overlays';
import { readPushState, turnPushOff, turnPushOn, type PushState } from '../lib/push-device';

/** The note under the switch: what this device's push state truly is. */
const NOTE: Record<PushState['kind'], string> = {
  unsupported: 'message.pushUnsupported',
  'no-worker': 'message.pushNoWorker',
  'off-server': 'message.pushOffServer',
  denied: 'message.pushDenied',
  on: 'message.pushOn',
  off: 'message.pushOff',
};

/**
 * 消息推送 / Push notifications for this device (decision 044): on asks permission, subscribes
 * the browser (or the native shell) with the server's VAPID key and tells the server; off
 * unsubscribes. Where push cannot work the switch is disabled and the note says why.
 */
export function PushSwitch() {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    readPushState().then(
      (s) => live && setState(s),
      () => live && setState({ kind: 'unsupported' }),
    );
    return () => {
      live = false;
    };
  }, []);

  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      setState(await (on ? turnPushOn() : turnPushOff()));
    } catch (error) {
      if (!(error instanceof ApiError)) Toast.show({ content: t('message.pushFailed') });
    } finally {
      setBusy(false);
    }
  };

  const usable = state?.kind === 'on' || state?.kind === 'off';
  return (
    <div className="push-switch" data-testid="push-switch" data-state={state?.kind ?? 'loading'}>
      <div className="push-switch-text">
        <div className="push-switch-title">{t('message.push')}</div>
        <div className="push-switch-note" data-testid="push-note">
          {state ? t(NOTE[state.kind]) : t('message.pushChecking')}
        </div>
        {usable && state.simulated && (
          <div className="push-switch-note" data-testid="push-simulated">
            {t('message.pushSimulated')}
          </div>
        )}
      </div>
      <Switch
        checked={state?.kind === 'on'}
        disabled={!usable}
        loading={busy}
        onChange={(on) => void toggle(on)}
        aria-label={t('message.push')}
      />
    </div>
  );
}
