import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '@/lib/i18n';

/**
 * The cache clear notice (spec section 4): a modal with one button and no way around it. It is
 * the shell's own markup, not the kit's Dialog: on a first visit it is the first thing on screen,
 * and the Dialog would bring its animation library with it (decision 014).
 */
export function CacheClearNotice({
  version,
  onConfirm,
}: {
  version: string;
  onConfirm: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // The page behind cannot be reached by touch, pointer or Tab while the notice is up.
    const page = document.getElementById('root');
    page?.setAttribute('inert', '');
    button.current?.focus();
    return () => page?.removeAttribute('inert');
  }, []);
  return createPortal(
    <div className="shell-modal-mask">
      <div
        className="shell-modal"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="cache-clear-title"
        aria-describedby="cache-clear-content"
        data-testid="cache-clear-notice"
      >
        <div className="shell-modal-title" id="cache-clear-title">
          {t('shell.cacheTitle')}
        </div>
        <div className="shell-modal-content" id="cache-clear-content">
          {t('shell.cacheContent', { version })}
        </div>
        <button
          ref={button}
          type="button"
          className="shell-modal-button"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void onConfirm();
          }}
        >
          {t('shell.cacheConfirm')}
        </button>
      </div>
    </div>,
    document.body,
  );
}
