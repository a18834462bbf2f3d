import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Button, Form, Input } from 'antd-mobile';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewPasswordFields } from './password-fields';

afterEach(cleanup);

const text = (id: string) => ({ id, label: id, placeholder: id });

function renderForm(props: { mobile?: string; mobileField?: string }) {
  const onFinish = vi.fn();
  render(
    <Form onFinish={onFinish} footer={<Button type="submit">提交</Button>}>
      <Form.Item name="mobile" label="手机号">
        <Input id="mobile" />
      </Form.Item>
      <NewPasswordFields password={text('pw')} confirm={text('pw2')} {...props} />
    </Form>,
  );
  return onFinish;
}

const type = (id: string, value: string) =>
  fireEvent.change(document.getElementById(id)!, { target: { value } });

async function submitWith(password: string) {
  type('pw', password);
  type('pw2', password);
  await act(async () => {
    fireEvent.click(screen.getByText('提交'));
  });
}

describe('NewPasswordFields', () => {
  it('refuses a guessable new password with the rule the server names', async () => {
    const onFinish = renderForm({ mobileField: 'mobile' });
    type('mobile', '13800000009');
    const cases: [string, string][] = [
      ['111111', '密码不能全部是同一个字符'],
      ['12345678', '密码不能是连续的数字或字母，如123456、abcdef、qwerty'],
      ['13800000009', '密码不能包含手机号，也不能取自手机号'],
    ];
    for (const [password, msg] of cases) {
      await submitWith(password);
      expect(await screen.findByText(msg)).toBeTruthy();
    }
    expect(onFinish).not.toHaveBeenCalled();
    await submitWith('secret88');
    expect(onFinish).toHaveBeenCalledTimes(1);
  });

  it("checks the agent's own mobile when it is given", async () => {
    const onFinish = renderForm({ mobile: '13800000001' });
    await submitWith('00000001');
    expect(await screen.findByText('密码不能包含手机号，也不能取自手机号')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });
});
