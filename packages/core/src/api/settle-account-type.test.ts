import { describe, expect, it } from 'vitest';
import {
  addSettleRequest,
  alipayAccountProblem,
  maskAlipayAccount,
  settleAccountTypeLabel,
} from './withdrawals';

const issues = (input: unknown) => {
  const r = addSettleRequest.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('settlement account types', () => {
  it('takes a mobile or an e-mail as an Alipay login id and says why anything else is not', () => {
    expect(alipayAccountProblem('13912345678')).toBeNull();
    expect(alipayAccountProblem(' agent@example.com ')).toBeNull();
    expect(alipayAccountProblem('')).toBe('请输入支付宝账号');
    expect(alipayAccountProblem('1391234567')).toBe('支付宝账号须为手机号或邮箱');
    expect(alipayAccountProblem('agent@example')).toBe('支付宝账号须为手机号或邮箱');
  });

  it('masks a login id like a mobile, or keeps only an e-mail’s first letter and domain', () => {
    expect(maskAlipayAccount('13912345678')).toBe('139****5678');
    expect(maskAlipayAccount('agent@example.com')).toBe('a***@example.com');
  });

  it('names the types in both languages', () => {
    expect(settleAccountTypeLabel('alipay')).toBe('支付宝');
    expect(settleAccountTypeLabel('bank', 'en')).toBe('Bank card');
  });

  it('reads a bank card by default (spaces dropped, bank required) and an Alipay account with bank 支付宝', () => {
    expect(
      addSettleRequest.parse({
        holderName: '王小二',
        cardNo: '6222 0212 3456 7890 128',
        bankName: '工商银行',
      }),
    ).toEqual({
      accountType: 'bank',
      holderName: '王小二',
      cardNo: '6222021234567890128',
      bankName: '工商银行',
    });
    expect(
      addSettleRequest.parse({
        accountType: 'alipay',
        holderName: '王小二',
        cardNo: ' agent@example.com',
        bankName: '随便写',
      }),
    ).toEqual({
      accountType: 'alipay',
      holderName: '王小二',
      cardNo: 'agent@example.com',
      bankName: '支付宝',
    });
    expect(issues({ holderName: '王小二', cardNo: '6222021234567890128' })).toEqual([
      ['bankName', '请输入开户银行'],
    ]);
    expect(issues({ accountType: 'alipay', holderName: '王小二', cardNo: '6222' })).toEqual([
      ['cardNo', '支付宝账号须为手机号或邮箱'],
    ]);
    expect(issues({ accountType: 'wechat', holderName: '王小二', cardNo: 'x' })[0]).toEqual([
      'accountType',
      '请选择账户类型',
    ]);
  });
});
