import { useEffect, useRef } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Dialog } from '@/lib/overlays';
import { useNavigate } from '@/lib/router';
import { getPopupMessages, markPopped } from '../api/messages';
import '../i18n';
import '../message.css';

/**
 * After sign-in, the important messages not yet popped up show one after another, each once:
 * the server records them as popped before the dialog opens, so a reload does not show them again.
 */
export function MessagePopup() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void (async () => {
      const found = await getPopupMessages().catch(() => []);
      if (found.length === 0) return;
      await markPopped(found.map((m) => m.id)).catch(() => undefined);
      for (const m of found) {
        const view = await Dialog.confirm({
          title: m.title,
          content: (
            <div className="message-popup-body" data-testid="message-popup">
              {m.body}
            </div>
          ),
          confirmText: t('message.popupView'),
          cancelText: t('message.popupOk'),
        });
        if (view) {
          navigate(`/pages/message/detail?id=${m.id}`);
          return;
        }
      }
    })();
  }, [navigate, t]);

  return null;
}
