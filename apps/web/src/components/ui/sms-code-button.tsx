import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';

export const SMS_RESEND_SECONDS = 60;

interface SmsCodeButtonProps {
  /**
   * Asks the server for a code. Resolve (optionally with the server's resend wait in seconds) to
   * start the countdown; reject to leave the button ready (the request client toasts the reason).
   * Check the mobile before calling the server, and reject when it is not valid.
   */
  onSend: () => Promise<number | void | undefined>;
  disabled?: boolean;
  testId?: string;
}

/** "Get code" with the 60-second resend countdown of the register and password pages. */
export function SmsCodeButton({
  onSend,
  disabled,
  testId = 'sms-code-button',
}: SmsCodeButtonProps) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    if (sending || left > 0) return;
    setSending(true);
    try {
      const wait = await onSend();
      setLeft(typeof wait === 'number' && wait > 0 ? Math.ceil(wait) : SMS_RESEND_SECONDS);
    } catch {
      // Not sent: the button stays ready for another try.
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      size="small"
      color="primary"
      fill="none"
      className="sms-code-button"
      data-testid={testId}
      disabled={disabled || left > 0}
      loading={sending}
      onClick={() => void send()}
    >
      {left > 0 ? t('common.resendIn', { s: left }) : t('common.getCode')}
    </Button>
  );
}
