import { Input, type InputProps } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';

/** A password field with a show/hide eye; Form.Item passes value and onChange through. */
export function PasswordInput(props: Omit<InputProps, 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <Input
        {...props}
        type={visible ? 'text' : 'password'}
        autoComplete={props.autoComplete ?? 'current-password'}
      />
      <button
        type="button"
        className="password-input-eye"
        aria-label={visible ? t('common.hidePassword') : t('common.showPassword')}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
      </button>
    </div>
  );
}
