import type { AppUpdate } from '@pos/core';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { checkAppUpdate, offerUpdate } from '@/lib/app-update';
import { appPlatform } from '@/lib/env';
import { currentVersion } from '@/lib/hot-update';

export type UpdateCheck =
  | { step: 'idle' }
  | { step: 'checking' }
  | { step: 'latest' }
  | { step: 'found'; update: AppUpdate }
  | { step: 'failed' };

/**
 * A manual update check (当前版本 in settings, 检查更新 in about): asks the same call as the
 * start-up check; a newer version opens the app's update popup, otherwise the page says it is
 * current, or that the check failed. `text` is the result to show beside the item.
 */
export function useUpdateCheck() {
  const { t } = useTranslation();
  const [state, setState] = useState<UpdateCheck>({ step: 'idle' });
  const check = async () => {
    if (state.step === 'checking') return;
    setState({ step: 'checking' });
    try {
      const update = await checkAppUpdate(appPlatform());
      if (update) {
        setState({ step: 'found', update });
        offerUpdate(update);
      } else {
        setState({ step: 'latest' });
        Toast.show({ content: t('settings.upToDate', { v: currentVersion() }) });
      }
    } catch {
      setState({ step: 'failed' });
      Toast.show({ content: t('settings.checkFailed') });
    }
  };
  const text =
    state.step === 'checking'
      ? t('settings.checking')
      : state.step === 'latest'
        ? t('settings.latest')
        : state.step === 'found'
          ? t('settings.found', { v: state.update.version })
          : state.step === 'failed'
            ? t('settings.checkFailedShort')
            : null;
  return { state, check, text };
}
