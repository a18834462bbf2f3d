/**
 * Form validators of product spec section 5.
 *
 * Every validator returns null when the value is valid and the message to show when it is not, so
 * a form can display the result directly and the server can reuse the same rules and messages.
 * Values are not trimmed: a validator judges exactly the value that will be submitted, so a value
 * with stray spaces is rejected instead of silently passing and being stored with the spaces.
 * A value made only of whitespace does count as empty, because that is what the user sees.
 */

export type ValidationResult = string | null;

export const VALIDATION_MESSAGES = {
  idCardEmpty: '证件号码不能为空',
  idCardLength: '证件号码长度不为18位',
  idCardFormat: '证件号码格式错误',
  idCardProvince: '地址编码错误',
  idCardCheckDigit: '证件号码校验位错误',
  mobileEmpty: '手机号码不能为空',
  mobileFormat: '手机号码格式错误',
  mobileRejectedPrefix: '手机号码不正确，请使用真实手机号码注册',
  smsCodeEmpty: '验证码不能为空',
  smsCodeFormat: '验证码为6位数字',
  passwordEmpty: '密码不能为空',
  passwordShort: '密码长度不能少于6位',
  passwordMismatch: '两次输入的密码不一致',
  passwordOneChar: '密码不能全部是同一个字符',
  passwordRepeated: '密码不能是简单重复的字符，如121212、abcabc',
  passwordSequence: '密码不能是连续的数字或字母，如123456、abcdef、qwerty',
  passwordMobile: '密码不能包含手机号，也不能取自手机号',
  passwordCommon: '密码过于常见，请换一个不易被猜到的密码',
  nameEmpty: '姓名不能为空',
  nameFormat: '姓名为2-4个汉字',
  bankCardEmpty: '银行卡号不能为空',
  bankCardFormat: '银行卡号格式错误',
  bankCardLuhn: '银行卡号校验失败',
  amountEmpty: '金额不能为空',
  amountFormat: '金额格式错误',
  amountNotPositive: '金额必须大于0',
  amountDecimals: '金额最多两位小数',
  landlineEmpty: '固定电话不能为空',
  landlineFormat: '固定电话格式错误',
  emailEmpty: '邮箱不能为空',
  emailFormat: '邮箱格式错误',
  urlEmpty: '网址不能为空',
  urlFormat: '网址格式错误',
  dateEmpty: '日期不能为空',
  dateFormat: '日期格式错误',
  numberEmpty: '数字不能为空',
  numberFormat: '数字格式错误',
  digitsEmpty: '内容不能为空',
  digitsFormat: '只能输入数字',
  decimalsEmpty: '数值不能为空',
  decimalsFormat: '数值格式错误，只能输入非负数',
  carPlateEmpty: '车牌号不能为空',
  carPlateFormat: '车牌号格式错误',
  chineseEmpty: '内容不能为空',
  chineseFormat: '只能输入汉字',
  lettersEmpty: '内容不能为空',
  lettersFormat: '只能输入英文字母',
  lettersDigitsEmpty: '内容不能为空',
  lettersDigitsFormat: '只能输入字母和数字',
  rangeEmpty: '数值不能为空',
  rangeFormat: '数值格式错误',
  jsonEmpty: 'JSON不能为空',
  jsonFormat: 'JSON格式错误',
  upperCaseEmpty: '内容不能为空',
  upperCaseFormat: '只能输入大写字母',
  lowerCaseEmpty: '内容不能为空',
  lowerCaseFormat: '只能输入小写字母',
} as const;

const M = VALIDATION_MESSAGES;

/** Forms hand over strings, but a JSON body may carry a number, and a missing field is empty. */
function toText(v: unknown): string {
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v : String(v);
}

function isBlank(text: string): boolean {
  return text.trim() === '';
}

/** Counts characters as the user sees them, so a rare Han character outside the BMP counts once. */
function charCount(text: string): number {
  return Array.from(text).length;
}

/** True when year, month and day name a real Gregorian calendar day. */
function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= daysInMonth;
}

/** Today's date as a yyyymmdd number in Asia/Shanghai (UTC+8, no daylight saving). */
function shanghaiToday(nowMs: number): number {
  const d = new Date(nowMs + 8 * 3600 * 1000);
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
}

// ---------------------------------------------------------------------------------------------
// ID card
// ---------------------------------------------------------------------------------------------

/** Province-level codes in use: the first two digits of a mainland ID number. */
const ID_PROVINCE_CODES: ReadonlySet<string> = new Set(
  // Written as one line per region (north, north-east, east, south-central, south-west,
  // north-west, then Taiwan, Hong Kong, Macau and the overseas code) to read against the table.
  [
    '11 12 13 14 15',
    '21 22 23',
    '31 32 33 34 35 36 37',
    '41 42 43 44 45 46',
    '50 51 52 53 54',
    '61 62 63 64 65',
    '71 81 82 91',
  ]
    .join(' ')
    .split(' '),
);

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CHECK_CHARS = '10X98765432';

/**
 * The check character of an 18-character ID number, computed from its first 17 digits
 * (GB 11643: weighted sum modulo 11). Returns null if the input is not 17 digits.
 */
export function idCardCheckDigit(first17: string): string | null {
  if (!/^\d{17}$/.test(first17)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (ID_WEIGHTS[i] ?? 0);
  return ID_CHECK_CHARS[sum % 11] ?? null;
}

function idCard(v: unknown, nowMs: number = Date.now()): ValidationResult {
  const text = toText(v);
  if (isBlank(text)) return M.idCardEmpty;
  if (text.length !== 18) return M.idCardLength;
  if (!/^\d{17}[\dXx]$/.test(text)) return M.idCardFormat;
  const year = Number(text.slice(6, 10));
  const month = Number(text.slice(10, 12));
  const day = Number(text.slice(12, 14));
  if (year < 1900 || !isRealDate(year, month, day)) return M.idCardFormat;
  if (year * 10000 + month * 100 + day > shanghaiToday(nowMs)) return M.idCardFormat;
  if (!ID_PROVINCE_CODES.has(text.slice(0, 2))) return M.idCardProvince;
  if (idCardCheckDigit(text.slice(0, 17)) !== text.charAt(17).toUpperCase()) {
    return M.idCardCheckDigit;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Bank card
// ---------------------------------------------------------------------------------------------

/** Luhn (mod 10) check over a string of digits; false for anything that is not all digits. */
export function luhnCheck(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/**
 * Spaces are removed before checking because people paste card numbers grouped in fours, as they
 * are printed on the card. The caller should store the number without them.
 */
function bankCard(v: unknown): ValidationResult {
  const digits = toText(v).replace(/\s+/g, '');
  if (digits === '') return M.bankCardEmpty;
  if (!/^\d{12,19}$/.test(digits)) return M.bankCardFormat;
  if (!luhnCheck(digits)) return M.bankCardLuhn;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Account fields
// ---------------------------------------------------------------------------------------------

/** Number-segment prefixes of data-only and virtual-operator SIMs, refused at registration. */
export const REJECTED_MOBILE_PREFIXES: readonly string[] = ['162', '165', '167', '170', '171'];

function mobile(v: unknown): ValidationResult {
  const text = toText(v);
  if (isBlank(text)) return M.mobileEmpty;
  if (!/^1[3-9]\d{9}$/.test(text)) return M.mobileFormat;
  if (REJECTED_MOBILE_PREFIXES.includes(text.slice(0, 3))) return M.mobileRejectedPrefix;
  return null;
}

function smsCode(v: unknown): ValidationResult {
  const text = toText(v);
  if (isBlank(text)) return M.smsCodeEmpty;
  return /^\d{6}$/.test(text) ? null : M.smsCodeFormat;
}

function password(v: unknown): ValidationResult {
  const text = toText(v);
  if (isBlank(text)) return M.passwordEmpty;
  return charCount(text) < 6 ? M.passwordShort : null;
}

// Runs read in either direction: digits (0 follows 9 as on a keyboard), the alphabet, the rows of
// a keyboard.
const PASSWORD_RUNS = [
  '01234567890123456789',
  'abcdefghijklmnopqrstuvwxyz',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
].flatMap((run) => [run, [...run].reverse().join('')]);

// Passwords at the top of every leaked list, in China's too, that the rules above let through.
const COMMON_PASSWORDS = new Set([
  'password',
  'passw0rd',
  'password1',
  'password123',
  'qwerty123',
  'qwe123',
  'qweasd',
  'qweasdzxc',
  'qazwsx',
  '1qaz2wsx',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'abc123',
  'abc12345',
  'abc123456',
  'a123456',
  'a12345678',
  'aa123456',
  'asd123',
  'zxc123',
  '123456a',
  '123456abc',
  '123123a',
  '112233',
  '11223344',
  '111222',
  '123321',
  '1234554321',
  '5201314',
  '1314520',
  '520520',
  '521521',
  'woaini',
  'woaini1314',
  'iloveyou',
  'admin123',
  'root123',
  'test123',
  'p@ssw0rd',
  'qwer1234',
  'asdf1234',
  'zxcv1234',
]);

/** The text made of one unit of 1 to 3 characters said over and over (111111, 121212). */
function repeatedUnit(text: string): number | null {
  const chars = [...text];
  for (let unit = 1; unit <= 3; unit++) {
    if (chars.length < unit * 2 || chars.length % unit !== 0) continue;
    if (chars.every((c, i) => c === chars[i % unit])) return unit;
  }
  return null;
}

/**
 * The rules for a password being set (registering, changing or resetting it), on top of the
 * spec's minimum length: not one character, not a short unit repeated, not a run of digits,
 * letters or keys, not one of the commonest passwords, and, when the mobile is known, neither
 * containing it nor cut out of it. Signing in still takes any password an account already has.
 */
function newPassword(v: unknown, mobile?: string | null): ValidationResult {
  const basic = password(v);
  if (basic) return basic;
  const text = toText(v);
  const lower = text.toLowerCase();
  const unit = repeatedUnit(lower);
  if (unit === 1) return M.passwordOneChar;
  if (unit) return M.passwordRepeated;
  if (PASSWORD_RUNS.some((run) => run.includes(lower))) return M.passwordSequence;
  if (mobile && (text.includes(mobile) || mobile.includes(text))) return M.passwordMobile;
  if (COMMON_PASSWORDS.has(lower)) return M.passwordCommon;
  return null;
}

/** Both values are compared exactly; emptiness is the password validator's job. */
function confirm(a: unknown, b: unknown): ValidationResult {
  return toText(a) === toText(b) ? null : M.passwordMismatch;
}

function chineseName(v: unknown): ValidationResult {
  const text = toText(v);
  if (isBlank(text)) return M.nameEmpty;
  return /^\p{Script=Han}{2,4}$/u.test(text) ? null : M.nameFormat;
}

/**
 * A positive amount in yuan with at most two decimals. The checks run on the text, not on a
 * parsed float, so a huge amount or one like 0.001 is judged exactly.
 */
function amount(v: unknown): ValidationResult {
  const text = toText(v);
  if (isBlank(text)) return M.amountEmpty;
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return M.amountFormat;
  const negative = match[1] === '-';
  const allZero = /^0*$/.test(match[2] ?? '') && /^0*$/.test(match[3] ?? '');
  if (negative || allZero) return M.amountNotPositive;
  if ((match[3] ?? '').length > 2) return M.amountDecimals;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Generic formats
// ---------------------------------------------------------------------------------------------

/** Builds a validator that reports `empty` for a blank value and `invalid` when `test` fails. */
function pattern(
  test: (text: string) => boolean,
  empty: string,
  invalid: string,
): (v: unknown) => ValidationResult {
  return (v: unknown) => {
    const text = toText(v);
    if (isBlank(text)) return empty;
    return test(text) ? null : invalid;
  };
}

/** Area code (3-4 digits starting with 0) optional, 7-8 digit number, optional extension. */
const LANDLINE = /^(?:0\d{2,3}-?)?[1-9]\d{6,7}(?:-\d{1,6})?$/;

const EMAIL =
  /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function isIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  return isRealDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/**
 * Province abbreviations that start a mainland plate. The letters that follow exclude I and O,
 * which plates never use because they read as 1 and 0.
 */
const PLATE_PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
const PLATE_CHAR = '[A-HJ-NP-Z0-9]';
/** Ordinary 7-character plates, including trailer, coach, police, Hong Kong and Macau suffixes. */
const PLATE_ORDINARY = new RegExp(
  `^[${PLATE_PROVINCES}][A-HJ-NP-Z]${PLATE_CHAR}{4}(?:${PLATE_CHAR}|[挂学警港澳])$`,
);
/**
 * New-energy 8-character plates: small vehicles put D (electric) or F (hybrid) first in the
 * serial, large vehicles put it last.
 */
const PLATE_NEW_ENERGY = new RegExp(
  `^[${PLATE_PROVINCES}][A-HJ-NP-Z](?:[DF]${PLATE_CHAR}\\d{4}|\\d{5}[DF])$`,
);

function isCarPlate(text: string): boolean {
  const upper = text.toUpperCase();
  return PLATE_ORDINARY.test(upper) || PLATE_NEW_ENERGY.test(upper);
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Character count between min and max inclusive. An empty value has length 0 and is judged like
 * any other, so a field that is required must also be checked for emptiness.
 */
function length(v: unknown, min: number, max: number): ValidationResult {
  const count = charCount(toText(v));
  if (count >= min && count <= max) return null;
  return min === max ? `长度应为${min}个字符` : `长度应为${min}-${max}个字符`;
}

/** A signed decimal number between min and max inclusive. */
function range(v: unknown, min: number, max: number): ValidationResult {
  const text = toText(v);
  if (isBlank(text)) return M.rangeEmpty;
  if (!/^[+-]?\d+(?:\.\d+)?$/.test(text)) return M.rangeFormat;
  const n = Number(text);
  return n >= min && n <= max ? null : `数值应在${min}到${max}之间`;
}

export const validators = {
  idCard,
  mobile,
  smsCode,
  password,
  newPassword,
  confirm,
  chineseName,
  bankCard,
  amount,
  landline: pattern((t) => LANDLINE.test(t), M.landlineEmpty, M.landlineFormat),
  email: pattern((t) => EMAIL.test(t), M.emailEmpty, M.emailFormat),
  url: pattern(isHttpUrl, M.urlEmpty, M.urlFormat),
  date: pattern(isIsoDate, M.dateEmpty, M.dateFormat),
  number: pattern((t) => /^[+-]?\d+(?:\.\d+)?$/.test(t), M.numberEmpty, M.numberFormat),
  digits: pattern((t) => /^\d+$/.test(t), M.digitsEmpty, M.digitsFormat),
  decimals: pattern((t) => /^\d+(?:\.\d+)?$/.test(t), M.decimalsEmpty, M.decimalsFormat),
  carPlate: pattern(isCarPlate, M.carPlateEmpty, M.carPlateFormat),
  chinese: pattern((t) => /^\p{Script=Han}+$/u.test(t), M.chineseEmpty, M.chineseFormat),
  letters: pattern((t) => /^[A-Za-z]+$/.test(t), M.lettersEmpty, M.lettersFormat),
  lettersDigits: pattern(
    (t) => /^[A-Za-z0-9]+$/.test(t),
    M.lettersDigitsEmpty,
    M.lettersDigitsFormat,
  ),
  length,
  range,
  json: pattern(isJson, M.jsonEmpty, M.jsonFormat),
  upperCase: pattern((t) => /^[A-Z]+$/.test(t), M.upperCaseEmpty, M.upperCaseFormat),
  lowerCase: pattern((t) => /^[a-z]+$/.test(t), M.lowerCaseEmpty, M.lowerCaseFormat),
};
