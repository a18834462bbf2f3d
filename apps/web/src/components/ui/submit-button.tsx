import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';

/** A form's submit button in its footer: full width, primary, large; rounded on the auth forms. */
export function SubmitButton({
  loading,
  testId,
  rounded = false,
  children,
}: {
  /** While the request it sent is under way. */
  loading: boolean;
  testId: string;
  rounded?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      block
      type="submit"
      color="primary"
      size="large"
      shape={rounded ? 'rounded' : 'default'}
      loading={loading}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
