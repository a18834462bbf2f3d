/**
 * Terminal serial numbers (SN): normalising, reading a pasted list, and reading a range
 * "start SN to end SN" (business rules section 4). Pure functions shared by the form, which shows
 * the problem before sending, and the server, which decides.
 *
 * An SN is 4 to 32 letters and digits, compared in upper case (scanners and people type both).
 * A range is two SNs with the same prefix and a numeric suffix of the same width:
 * P1000000100 .. P1000000199 is the 100 SNs between them. The suffix is the trailing run of
 * digits, at most 18 long so it fits a 64-bit integer; anything before it is the prefix.
 */

export const SN_PATTERN = /^[A-Z0-9]{4,32}$/;
/** The most terminals one batch may name, by list or by range. */
export const MAX_BATCH_SNS = 10_000;

export const SN_MESSAGES = {
  empty: '请输入终端SN',
  format: (sn: string) => `SN ${sn} 格式错误，应为4-32位字母或数字`,
  duplicate: (sn: string) => `SN ${sn} 重复`,
  tooMany: `一次最多操作${MAX_BATCH_SNS}台终端`,
  rangeStartEmpty: '请输入起始SN',
  rangeEndEmpty: '请输入结束SN',
  rangeNoNumber: (sn: string) => `SN ${sn} 末尾没有数字，不能按号段选择`,
  rangePrefix: (a: string, b: string) => `起止SN前缀不一致：${a} 与 ${b}，号段不能跨前缀`,
  rangeWidth: '起止SN长度不一致',
  rangeOrder: '结束SN不能小于起始SN',
  rangeTooLarge: (count: number) =>
    `号段包含${count}台终端，一次最多${MAX_BATCH_SNS}台，请缩小号段`,
} as const;

/** Upper case, surrounding blanks removed. */
export function normalizeSn(raw: string): string {
  return raw.trim().toUpperCase();
}

export function snFormatError(sn: string): string | null {
  if (sn === '') return SN_MESSAGES.empty;
  return SN_PATTERN.test(sn) ? null : SN_MESSAGES.format(sn);
}

export type SnResult<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * Reads SNs pasted or typed as a list: separated by new lines, spaces, commas (either width),
 * semicolons or the Chinese enumeration comma. The first problem found is the answer, naming
 * the SN, so the user can fix that line.
 */
export function parseSnList(text: string, max: number = MAX_BATCH_SNS): SnResult<string[]> {
  const parts = text
    .split(/[\s,，;；、]+/)
    .map(normalizeSn)
    .filter((p) => p !== '');
  if (parts.length === 0) return { ok: false, error: SN_MESSAGES.empty };
  if (parts.length > max) return { ok: false, error: SN_MESSAGES.tooMany };
  const seen = new Set<string>();
  for (const sn of parts) {
    const bad = snFormatError(sn);
    if (bad) return { ok: false, error: bad };
    if (seen.has(sn)) return { ok: false, error: SN_MESSAGES.duplicate(sn) };
    seen.add(sn);
  }
  return { ok: true, value: parts };
}

/** A list already split (JSON array): the same checks as parseSnList. */
export function checkSnArray(
  sns: readonly string[],
  max: number = MAX_BATCH_SNS,
): SnResult<string[]> {
  if (sns.length === 0) return { ok: false, error: SN_MESSAGES.empty };
  if (sns.length > max) return { ok: false, error: SN_MESSAGES.tooMany };
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of sns) {
    const sn = normalizeSn(raw);
    const bad = snFormatError(sn);
    if (bad) return { ok: false, error: bad };
    if (seen.has(sn)) return { ok: false, error: SN_MESSAGES.duplicate(sn) };
    seen.add(sn);
    out.push(sn);
  }
  return { ok: true, value: out };
}

export interface SnParts {
  prefix: string;
  /** The numeric suffix as digits, with its leading zeros. */
  digits: string;
}

/** Splits an SN into prefix and trailing digits (at most 18 of them), or null without digits. */
export function splitSn(sn: string): SnParts | null {
  const match = /(\d{1,18})$/.exec(sn);
  if (!match || !match[1]) return null;
  return { prefix: sn.slice(0, sn.length - match[1].length), digits: match[1] };
}

export interface SnRange {
  prefix: string;
  /** Width of the numeric suffix; every SN of the range has it. */
  width: number;
  from: bigint;
  to: bigint;
  count: number;
  startSn: string;
  endSn: string;
}

/** Reads "start SN to end SN"; one SN twice is a range of one. */
export function parseSnRange(
  startRaw: string,
  endRaw: string,
  max: number = MAX_BATCH_SNS,
): SnResult<SnRange> {
  const startSn = normalizeSn(startRaw);
  const endSn = normalizeSn(endRaw);
  if (startSn === '') return { ok: false, error: SN_MESSAGES.rangeStartEmpty };
  if (endSn === '') return { ok: false, error: SN_MESSAGES.rangeEndEmpty };
  for (const sn of [startSn, endSn]) {
    const bad = snFormatError(sn);
    if (bad) return { ok: false, error: bad };
  }
  const a = splitSn(startSn);
  if (!a) return { ok: false, error: SN_MESSAGES.rangeNoNumber(startSn) };
  const b = splitSn(endSn);
  if (!b) return { ok: false, error: SN_MESSAGES.rangeNoNumber(endSn) };
  if (startSn.length !== endSn.length) {
    // Different lengths with the same letters in front is a width problem; otherwise the
    // prefixes differ, which is the clearer thing to say.
    const sameLead = a.prefix.replace(/\d+$/, '') === b.prefix.replace(/\d+$/, '');
    return {
      ok: false,
      error: sameLead ? SN_MESSAGES.rangeWidth : SN_MESSAGES.rangePrefix(startSn, endSn),
    };
  }
  if (a.prefix !== b.prefix) return { ok: false, error: SN_MESSAGES.rangePrefix(startSn, endSn) };
  const from = BigInt(a.digits);
  const to = BigInt(b.digits);
  if (to < from) return { ok: false, error: SN_MESSAGES.rangeOrder };
  const size = to - from + 1n;
  if (size > BigInt(max)) {
    return {
      ok: false,
      error: SN_MESSAGES.rangeTooLarge(size > 999_999_999n ? 999_999_999 : Number(size)),
    };
  }
  return {
    ok: true,
    value: {
      prefix: a.prefix,
      width: a.digits.length,
      from,
      to,
      count: Number(size),
      startSn,
      endSn,
    },
  };
}

/** The SN at a number of a range's prefix and width. */
export function snAt(range: Pick<SnRange, 'prefix' | 'width'>, n: bigint): string {
  return range.prefix + n.toString().padStart(range.width, '0');
}

/** Every SN of a range, in order. */
export function expandSnRange(range: SnRange): string[] {
  const out: string[] = [];
  for (let n = range.from; n <= range.to; n++) out.push(snAt(range, n));
  return out;
}

/**
 * What a batch form sends: either a list or a range. Whichever is filled is read; both filled
 * is refused so the user knows which one counts.
 */
export function parseSnSelection(input: {
  sns?: readonly string[] | undefined;
  startSn?: string | undefined;
  endSn?: string | undefined;
}): SnResult<{ kind: 'list'; sns: string[] } | { kind: 'range'; range: SnRange }> {
  const hasRange = Boolean(input.startSn?.trim() || input.endSn?.trim());
  const hasList = Boolean(input.sns && input.sns.length > 0);
  if (hasRange && hasList) return { ok: false, error: '请只选择一种方式：SN列表或号段' };
  if (hasRange) {
    const r = parseSnRange(input.startSn ?? '', input.endSn ?? '');
    return r.ok ? { ok: true, value: { kind: 'range', range: r.value } } : r;
  }
  const l = checkSnArray(input.sns ?? []);
  return l.ok ? { ok: true, value: { kind: 'list', sns: l.value } } : l;
}

/**
 * The SN inside what a camera read: a bare SN, a URL or text with an `sn=` parameter, or text
 * whose last run of letters and digits is the SN (labels like "SN:LD00000001"). Null when nothing
 * there looks like an SN.
 */
export function snFromScan(text: string): string | null {
  const trimmed = text.trim();
  const param = /[?&#]sn=([A-Za-z0-9]{4,32})\b/i.exec(trimmed);
  if (param?.[1]) return normalizeSn(param[1]);
  const runs = trimmed.match(/[A-Za-z0-9]{4,32}/g);
  const last = runs?.[runs.length - 1];
  if (!last) return null;
  const sn = normalizeSn(last);
  return SN_PATTERN.test(sn) ? sn : null;
}

/** A run of consecutive SNs (same prefix and width, numbers one apart); one SN is a run of one. */
export interface SnRun {
  first: string;
  last: string;
  count: number;
}

/**
 * The SNs as runs of consecutive numbers, in order: a range is shown only where the SNs really are
 * contiguous. Duplicates count once; SNs without a numeric suffix stand alone.
 */
export function snRuns(sns: readonly string[]): SnRun[] {
  const parsed = [...new Set(sns)].map((sn) => ({ sn, parts: splitSn(sn) }));
  parsed.sort((a, b) => {
    if (!a.parts || !b.parts) return a.sn < b.sn ? -1 : a.sn > b.sn ? 1 : 0;
    if (a.parts.prefix !== b.parts.prefix) return a.parts.prefix < b.parts.prefix ? -1 : 1;
    if (a.parts.digits.length !== b.parts.digits.length)
      return a.parts.digits.length - b.parts.digits.length;
    const d = BigInt(a.parts.digits) - BigInt(b.parts.digits);
    return d < 0n ? -1 : d > 0n ? 1 : 0;
  });
  const runs: SnRun[] = [];
  let prev: (typeof parsed)[number] | null = null;
  for (const cur of parsed) {
    const run = runs[runs.length - 1];
    const follows =
      run &&
      prev?.parts &&
      cur.parts &&
      prev.parts.prefix === cur.parts.prefix &&
      prev.parts.digits.length === cur.parts.digits.length &&
      BigInt(cur.parts.digits) === BigInt(prev.parts.digits) + 1n;
    if (follows) {
      run.last = cur.sn;
      run.count += 1;
    } else {
      runs.push({ first: cur.sn, last: cur.sn, count: 1 });
    }
    prev = cur;
  }
  return runs;
}
