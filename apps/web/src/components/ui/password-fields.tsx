import { validators } from '@pos/core';
import { Form, type FormItemProps } from 'antd-mobile';
import type { ReactNode } from 'react';
import { coreRule } from './form-rules';
import { PasswordInput } from './password-input';

/** What one field shows: its input's element id, its label and its placeholder. */
export interface FieldText {
  id: string;
  label: ReactNode;
  placeholder: string;
}

interface NewPasswordFieldsProps {
  /** Form name of the new password (default 'password'); the repetition is always 'confirm'. */
  name?: string;
  password: FieldText;
  confirm: FieldText;
  /** Rules checked after validators.newPassword on the new password (e.g. "not the old one"). */
  extraRules?: FormItemProps['rules'];
  /** Fields the new password's extra rules read, so it is checked again when they change. */
  dependencies?: FormItemProps['dependencies'];
  /** The agent's mobile, when known (the password may neither contain it nor be cut from it). */
  mobile?: string;
  /** Or the form field holding the mobile being registered or proven. */
  mobileField?: string;
}

/**
 * A new password and its repetition, checked with the core validators so the messages are the
 * server's: validators.newPassword (the spec's minimum and the rules against guessable passwords)
 * on the new one, validators.password and validators.confirm on the repetition.
 */
export function NewPasswordFields({
  name = 'password',
  password,
  confirm,
  extraRules = [],
  dependencies,
  mobile,
  mobileField,
}: NewPasswordFieldsProps) {
  const watched = [...(dependencies ?? []), ...(mobileField ? [mobileField] : [])];
  return (
    <>
      <Form.Item
        name={name}
        label={password.label}
        dependencies={watched.length ? watched : undefined}
        rules={[
          ({ getFieldValue }) =>
            coreRule((v) =>
              validators.newPassword(
                v,
                mobile ?? (mobileField ? String(getFieldValue(mobileField) ?? '') : undefined),
              ),
            ),
          ...extraRules,
        ]}
      >
        <PasswordInput
          id={password.id}
          placeholder={password.placeholder}
          maxLength={64}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={confirm.label}
        dependencies={[name]}
        rules={[
          coreRule(validators.password),
          ({ getFieldValue }) => coreRule((v) => validators.confirm(getFieldValue(name), v)),
        ]}
      >
        <PasswordInput
          id={confirm.id}
          placeholder={confirm.placeholder}
          maxLength={64}
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}
