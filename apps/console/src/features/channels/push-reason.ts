import type { Lang } from '@/lib/i18n';

/**
 * Why a channel push was refused or flagged, in the operator's words. The server keeps the
 * reason as its diagnostic text (stable phrases from receive-push and the protocol adapters);
 * each known phrase reads as a sentence in both languages, with what it names (an address, a
 * terminal, a field) kept. A phrase not known here (an adapter's detail) is shown as it is.
 */
type Words = { zh: string; en: string };
const RULES: [RegExp, (m: RegExpMatchArray) => Words][] = [
  [
    /^(bad signature|bad_signature)\b/i,
    () => ({ zh: '签名验证失败', en: 'Signature check failed' }),
  ],
  [/^missing sign\b/, () => ({ zh: '推送没有签名', en: 'The push carries no signature' })],
  [
    /^(acquirer public key|acquirerPublicKey|platformPrivateKey|secret|missing_key)\b.*(not configured)?/,
    () => ({
      zh: '通道密钥未配置，推送未验证即拒绝',
      en: "The channel's key is not configured: refused unverified",
    }),
  ],
  [/^unknown channel$/, () => ({ zh: '未知通道', en: 'Unknown channel' })],
  [/^channel disabled$/, () => ({ zh: '通道已停用', en: 'The channel is disabled' })],
  [
    /^address (\S+) not on the allow-list$/,
    (m) => ({
      zh: `来源地址 ${m[1]} 不在白名单内`,
      en: `Address ${m[1]} is not on the allow-list`,
    }),
  ],
  [
    /^terminal (.+) is not served by this channel$/,
    (m) => ({
      zh: `终端 ${m[1]} 不属于该通道`,
      en: `Terminal ${m[1]} is not served by this channel`,
    }),
  ],
  [
    /^the channel is on the published demo keys$/,
    () => ({
      zh: '通道使用公开的演示密钥（生产环境拒绝）',
      en: 'The channel is on the public demo keys (refused in production)',
    }),
  ],
  [
    /^runtime_unsupported\b/,
    () => ({
      zh: '当前 Node.js 不支持该通道的解密（需 Node 22）',
      en: "This Node.js cannot decrypt the channel's pushes (Node 22 needed)",
    }),
  ],
  [/^(malformed|body is not)/, () => ({ zh: '推送内容格式错误', en: 'The push is malformed' })],
  [
    /^replay of push (\d+)$/,
    (m) => ({ zh: `重复推送（同推送 #${m[1]}）`, en: `A replay of push #${m[1]}` }),
  ],
];

export function pushReasonWords(reason: string | null, lang: Lang): string {
  if (!reason) return '';
  for (const [re, words] of RULES) {
    const m = reason.match(re);
    if (m) {
      const w = words(m)[lang];
      // The adapter's own detail after the phrase stays readable beside the words.
      const rest = reason.slice(m[0].length).replace(/^[:;,\s]+/, '');
      return rest ? `${w}（${rest}）` : w;
    }
  }
  return reason;
}

const FIELD_WORDS: Record<string, Words> = {
  code: { zh: '通道编码', en: 'Code' },
  name: { zh: '名称', en: 'Name' },
  protocol: { zh: '协议', en: 'Protocol' },
  enabled: { zh: '启用', en: 'Enabled' },
  ipAllow: { zh: 'IP白名单', en: 'IP allow-list' },
  brandIds: { zh: '品牌', en: 'Brands' },
  acquirerPublicKey: { zh: '通道公钥', en: "Acquirer's public key" },
  platformPrivateKey: { zh: '平台私钥', en: "Platform's private key" },
  secret: { zh: '签名密钥', en: 'Signing secret' },
};
const KEY_STATE: Record<string, Words> = {
  unchanged: { zh: '不变', en: 'unchanged' },
  removed: { zh: '清除', en: 'removed' },
};

/**
 * A proposed channel change as lines of "field: value" in words (keys stay masked as the server
 * sent them; unchanged keys are left out), brands named when their names are known.
 */
export function changeSummaryLines(
  summary: Record<string, unknown>,
  lang: Lang,
  brandName: (id: number) => string | undefined = () => undefined,
): string[] {
  const lines: string[] = [];
  for (const [field, value] of Object.entries(summary)) {
    if (value === undefined || value === null || value === 'unchanged') continue;
    const label = FIELD_WORDS[field]?.[lang] ?? field;
    let text: string;
    if (typeof value === 'boolean')
      text = value ? (lang === 'zh' ? '是' : 'yes') : lang === 'zh' ? '否' : 'no';
    else if (Array.isArray(value)) {
      if (value.length === 0) continue;
      text = value
        .map((v) => (field === 'brandIds' ? (brandName(Number(v)) ?? `#${v}`) : String(v)))
        .join(lang === 'zh' ? '、' : ', ');
    } else text = KEY_STATE[String(value)]?.[lang] ?? String(value);
    lines.push(`${label}${lang === 'zh' ? '：' : ': '}${text}`);
  }
  return lines;
}
