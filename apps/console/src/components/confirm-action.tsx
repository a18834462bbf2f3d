import { App } from 'antd';
import type { ReactNode } from 'react';

export interface ConfirmAction<R> {
  /** The question, naming the action and whom it touches. */
  title: string;
  /** What will happen, one line each: who, how much, which wallet, what ends. */
  lines: ReactNode[];
  okText: string;
  danger?: boolean;
  /** The call; nothing is sent before the operator confirms. */
  run: () => Promise<R>;
  /** The success toast, saying what was done. */
  done: (result: R) => string;
  /** After success (reload the list, reopen the detail). */
  after?: (result: R) => unknown;
}

/**
 * Every action that moves money or changes an account asks first, naming what will happen, and
 * says what was done when it succeeds (issue 28 point 2). A refusal keeps the dialog open with
 * the server's message shown by the API client.
 */
export function useConfirmAction() {
  const { modal, message } = App.useApp();
  return <R,>(a: ConfirmAction<R>) =>
    modal.confirm({
      title: a.title,
      width: 520,
      content: (
        <div data-testid="confirm-what">
          {a.lines.map((line, i) => (
            <p key={i} style={{ margin: '4px 0' }}>
              {line}
            </p>
          ))}
        </div>
      ),
      okText: a.okText,
      okButtonProps: {
        danger: a.danger,
        ...({ 'data-testid': 'confirm-ok' } as Record<string, string>),
      },
      onOk: async () => {
        const result = await a.run();
        void message.success(a.done(result));
        await a.after?.(result);
      },
    });
}
