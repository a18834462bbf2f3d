import { describe, expect, it } from 'vitest';
import { emptySelection, readSnSelection } from './sn-selection';

describe('readSnSelection', () => {
  it('reads a range into startSn/endSn with its count', () => {
    const r = readSnSelection({
      ...emptySelection('range'),
      startSn: 'ld00001001',
      endSn: 'LD00001010',
    });
    expect(r).toEqual({
      ok: true,
      request: { startSn: 'LD00001001', endSn: 'LD00001010' },
      count: 10,
    });
  });
  it('reads a pasted list and names a duplicate', () => {
    expect(
      readSnSelection({ ...emptySelection('list'), listText: 'LD00000001\nLD00000002' }),
    ).toMatchObject({
      ok: true,
      request: { sns: ['LD00000001', 'LD00000002'] },
      count: 2,
    });
    expect(
      readSnSelection({ ...emptySelection('list'), listText: 'LD00000001 ld00000001' }),
    ).toEqual({
      ok: false,
      error: 'SN LD00000001 重复',
    });
  });
  it('uses the scanned or picked SNs of those modes only', () => {
    const v = {
      ...emptySelection('scan'),
      scanned: ['XN00000701'],
      picked: ['LD00000001', 'LD00000002'],
      listText: 'X',
    };
    expect(readSnSelection(v)).toMatchObject({ ok: true, count: 1 });
    expect(readSnSelection({ ...v, mode: 'pick' })).toMatchObject({ ok: true, count: 2 });
    expect(readSnSelection(emptySelection('pick'))).toEqual({ ok: false, error: '请输入终端SN' });
  });
  it('refuses a range across prefixes with the message the server gives', () => {
    const r = readSnSelection({
      ...emptySelection('range'),
      startSn: 'LD00000001',
      endSn: 'XN00000009',
    });
    expect(r).toEqual({
      ok: false,
      error: '起止SN前缀不一致：LD00000001 与 XN00000009，号段不能跨前缀',
    });
  });
});
