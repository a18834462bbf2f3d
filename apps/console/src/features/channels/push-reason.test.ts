import { describe, expect, it } from 'vitest';
import { changeSummaryLines, pushReasonWords } from './push-reason';

describe("a channel push's reason in words", () => {
  it('says the refusals of the endpoint and the adapters in both languages', () => {
    expect(pushReasonWords('bad signature', 'zh')).toBe('签名验证失败');
    expect(pushReasonWords('bad_signature: SHA256withRSA does not verify', 'en')).toBe(
      'Signature check failed（SHA256withRSA does not verify）',
    );
    expect(pushReasonWords('address 10.0.0.9 not on the allow-list', 'zh')).toBe(
      '来源地址 10.0.0.9 不在白名单内',
    );
    expect(pushReasonWords('terminal LD0001 is not served by this channel', 'en')).toBe(
      'Terminal LD0001 is not served by this channel',
    );
    expect(pushReasonWords('acquirerPublicKey not configured', 'zh')).toBe(
      '通道密钥未配置，推送未验证即拒绝',
    );
    expect(pushReasonWords('replay of push 42', 'en')).toBe('A replay of push #42');
  });

  it('keeps a detail it does not know as it is, and says nothing for no reason', () => {
    expect(pushReasonWords('unknown payTypeCode POS_XYZ', 'zh')).toBe(
      'unknown payTypeCode POS_XYZ',
    );
    expect(pushReasonWords(null, 'en')).toBe('');
  });
});

describe('a proposed channel change in words', () => {
  it('names each field, masks nothing further, leaves out unchanged keys and names brands', () => {
    const summary = {
      code: 'liandong',
      enabled: true,
      ipAllow: ['127.0.0.0/8', '203.0.113.7'],
      brandIds: [2],
      acquirerPublicKey: '…AB12CD34',
      platformPrivateKey: 'unchanged',
      secret: 'removed',
    };
    expect(changeSummaryLines(summary, 'zh', (id) => (id === 2 ? '新大陆' : undefined))).toEqual([
      '通道编码：liandong',
      '启用：是',
      'IP白名单：127.0.0.0/8、203.0.113.7',
      '品牌：新大陆',
      '通道公钥：…AB12CD34',
      '签名密钥：清除',
    ]);
    expect(changeSummaryLines(summary, 'en')).toContain("Acquirer's public key: …AB12CD34");
    expect(changeSummaryLines(summary, 'en')).toContain('Brands: #2');
  });
});
