import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { idCardCheckDigit, luhnCheck, validators } from './validators';

/** The check character, computed here independently of the implementation. */
function checkChar(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(first17.charAt(i)), 0);
  return '10X98765432'.charAt(sum % 11);
}

/** A valid ID number from an address code, a birth date and a 3-digit sequence. */
function makeId(address: string, birth: string, seq = '001'): string {
  const base = address + birth + seq;
  return base + checkChar(base);
}

/** A valid card number: the given digits plus the Luhn check digit. */
function withLuhn(body: string): string {
  for (let d = 0; d <= 9; d++) {
    const candidate = body + String(d);
    let sum = 0;
    for (let i = 0; i < candidate.length; i++) {
      let n = Number(candidate.charAt(candidate.length - 1 - i));
      if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
      sum += n;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
}

describe('idCard', () => {
  const { idCard } = validators;

  it('accepts valid numbers', () => {
    expect(idCard(makeId('110105', '19491231', '002'))).toBeNull();
    expect(idCard(makeId('440305', '19900101'))).toBeNull();
    expect(idCard('11010519491231002X')).toBeNull();
  });

  it('accepts X and x as the check character', () => {
    // Find a sequence whose check character is X, so the test does not rely on one fixed number.
    let id = '';
    for (let seq = 0; seq < 1000 && id === ''; seq++) {
      const candidate = makeId('310101', '19850615', String(seq).padStart(3, '0'));
      if (candidate.endsWith('X')) id = candidate;
    }
    expect(id).not.toBe('');
    expect(idCard(id)).toBeNull();
    expect(idCard(id.slice(0, 17) + 'x')).toBeNull();
  });

  it('reports an empty value', () => {
    expect(idCard('')).toBe('证件号码不能为空');
    expect(idCard('   ')).toBe('证件号码不能为空');
    expect(idCard(undefined)).toBe('证件号码不能为空');
    expect(idCard(null)).toBe('证件号码不能为空');
  });

  it('reports a length other than 18', () => {
    expect(idCard('11010519491231002')).toBe('证件号码长度不为18位');
    expect(idCard('11010519491231002XX')).toBe('证件号码长度不为18位');
    expect(idCard('110105491231002')).toBe('证件号码长度不为18位');
  });

  it('reports a bad format', () => {
    expect(idCard('11010519491231002A')).toBe('证件号码格式错误');
    expect(idCard('1101051949123100X2')).toBe('证件号码格式错误');
    expect(idCard('11010519491331002X')).toBe('证件号码格式错误'); // month 13
    expect(idCard(makeId('110105', '19490230'))).toBe('证件号码格式错误'); // 30 February
    expect(idCard(makeId('110105', '18991231'))).toBe('证件号码格式错误'); // before 1900
    expect(idCard(makeId('110105', '19490100'))).toBe('证件号码格式错误'); // day 0
  });

  it('judges leap days by the real calendar', () => {
    expect(idCard(makeId('110105', '20000229'))).toBeNull();
    expect(idCard(makeId('110105', '19960229'))).toBeNull();
    expect(idCard(makeId('110105', '19000229'))).toBe('证件号码格式错误');
    expect(idCard(makeId('110105', '20230229'))).toBe('证件号码格式错误');
  });

  it('rejects a birth date in the future, judged in Asia/Shanghai', () => {
    // 2024-06-30T16:30:00Z is already 1 July 00:30 in Shanghai.
    const now = Date.UTC(2024, 5, 30, 16, 30);
    expect(idCard(makeId('110105', '20240701'), now)).toBeNull();
    expect(idCard(makeId('110105', '20240702'), now)).toBe('证件号码格式错误');
    expect(idCard(makeId('110105', '20240701'), Date.UTC(2024, 5, 30, 15, 59))).toBe(
      '证件号码格式错误',
    );
  });

  it('reports an unknown province code', () => {
    for (const code of [
      '00',
      '10',
      '16',
      '20',
      '24',
      '30',
      '38',
      '40',
      '47',
      '55',
      '60',
      '66',
      '72',
      '80',
      '83',
      '90',
      '92',
      '99',
    ]) {
      expect(idCard(makeId(`${code}0101`, '19900101')), code).toBe('地址编码错误');
    }
  });

  it('accepts every real province code', () => {
    const codes = [
      '11',
      '12',
      '13',
      '14',
      '15',
      '21',
      '22',
      '23',
      '31',
      '32',
      '33',
      '34',
      '35',
      '36',
      '37',
      '41',
      '42',
      '43',
      '44',
      '45',
      '46',
      '50',
      '51',
      '52',
      '53',
      '54',
      '61',
      '62',
      '63',
      '64',
      '65',
      '71',
      '81',
      '82',
      '91',
    ];
    for (const code of codes) {
      expect(idCard(makeId(`${code}0101`, '19900101')), code).toBeNull();
    }
  });

  it('reports a wrong check digit', () => {
    const id = makeId('110105', '19900101');
    const last = id.charAt(17);
    for (const wrong of '0123456789X') {
      if (wrong === last) continue;
      expect(idCard(id.slice(0, 17) + wrong)).toBe('证件号码校验位错误');
    }
  });

  it('checks in the order the spec lists', () => {
    // A bad format wins over a bad province and a bad check digit.
    expect(idCard('00000019001301000A')).toBe('证件号码格式错误');
    // A bad province wins over a bad check digit.
    const badProvince = makeId('990101', '19900101');
    const wrongCheck = badProvince.slice(0, 17) + (badProvince.endsWith('0') ? '1' : '0');
    expect(idCard(wrongCheck)).toBe('地址编码错误');
  });

  it('agrees with the independent check-digit computation', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{17}$/), (first17) => {
        expect(idCardCheckDigit(first17)).toBe(checkChar(first17));
      }),
    );
    expect(idCardCheckDigit('123')).toBeNull();
  });

  it('accepts any generated valid number', () => {
    const birth = fc
      .date({
        min: new Date(Date.UTC(1900, 0, 1)),
        max: new Date(Date.UTC(2020, 11, 31)),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10).replace(/-/g, ''));
    fc.assert(
      fc.property(
        fc.constantFrom('11', '32', '44', '65', '71', '81', '82', '91'),
        fc.stringMatching(/^\d{4}$/),
        birth,
        fc.stringMatching(/^\d{3}$/),
        (province, area, date, seq) => {
          expect(idCard(makeId(province + area, date, seq))).toBeNull();
        },
      ),
    );
  });
});

describe('mobile', () => {
  const { mobile } = validators;

  it('accepts real numbers with second digit 3 to 9, including 14x and 19x', () => {
    for (const n of [
      '13812345678',
      '14712345678',
      '15012345678',
      '16612345678',
      '17712345678',
      '18612345678',
      '19912345678',
      '19012345678',
    ]) {
      expect(mobile(n), n).toBeNull();
    }
  });

  it('rejects each of the five refused prefixes with the exact message', () => {
    for (const prefix of ['162', '165', '167', '170', '171']) {
      expect(mobile(`${prefix}12345678`), prefix).toBe('手机号码不正确，请使用真实手机号码注册');
    }
    // The message uses a full-width comma.
    expect(mobile('17012345678')).toContain('，');
  });

  it('reports an empty value', () => {
    expect(mobile('')).toBe('手机号码不能为空');
    expect(mobile(undefined)).toBe('手机号码不能为空');
  });

  it('reports a bad format', () => {
    for (const n of [
      '1381234567',
      '138123456789',
      '12812345678',
      '11812345678',
      '23812345678',
      '1381234567a',
      ' 13812345678',
      '+8613812345678',
    ]) {
      expect(mobile(n), n).toBe('手机号码格式错误');
    }
  });

  it('accepts a number given as a number', () => {
    expect(mobile(13812345678)).toBeNull();
  });
});

describe('smsCode', () => {
  it('requires exactly 6 digits', () => {
    expect(validators.smsCode('123456')).toBeNull();
    expect(validators.smsCode('000000')).toBeNull();
    expect(validators.smsCode('')).toBe('验证码不能为空');
    expect(validators.smsCode('12345')).toBe('验证码为6位数字');
    expect(validators.smsCode('1234567')).toBe('验证码为6位数字');
    expect(validators.smsCode('12345a')).toBe('验证码为6位数字');
  });
});

describe('password and confirm', () => {
  it('requires at least 6 characters', () => {
    expect(validators.password('')).toBe('密码不能为空');
    expect(validators.password(null)).toBe('密码不能为空');
    expect(validators.password('12345')).toBe('密码长度不能少于6位');
    expect(validators.password('123456')).toBeNull();
    expect(validators.password('a b c d')).toBeNull();
  });

  it('refuses a new password that is easy to guess, naming the rule', () => {
    const v = validators.newPassword;
    expect(v('')).toBe('密码不能为空');
    expect(v('12345')).toBe('密码长度不能少于6位');
    for (const p of ['111111', 'aaaaaaaa', '00000000'])
      expect(v(p)).toBe('密码不能全部是同一个字符');
    for (const p of ['121212', 'abcabc', 'AbAbAb', '123123123'])
      expect(v(p)).toBe('密码不能是简单重复的字符，如121212、abcabc');
    for (const p of ['123456', '12345678', '987654', '7890123', 'abcdef', 'FEDCBA', 'qwerty'])
      expect(v(p)).toBe('密码不能是连续的数字或字母，如123456、abcdef、qwerty');
    expect(v('13800000001', '13800000001')).toBe('密码不能包含手机号，也不能取自手机号');
    expect(v('000001', '13800000001')).toBe('密码不能包含手机号，也不能取自手机号');
    expect(v('x13800000001', '13800000001')).toBe('密码不能包含手机号，也不能取自手机号');
    for (const p of ['password', 'Passw0rd', 'abc123', '5201314', 'woaini1314', 'qwe123'])
      expect(v(p)).toBe('密码过于常见，请换一个不易被猜到的密码');
    // What people choose that is not trivially guessed passes, and the demo password too.
    for (const p of ['demo123', 'secret1', 'Tk7#pq9x', '南山POS2024', '000001'])
      expect(v(p, '13800000002')).toBeNull();
  });

  it('reports different passwords', () => {
    expect(validators.confirm('abcdef', 'abcdef')).toBeNull();
    expect(validators.confirm('abcdef', 'abcdeg')).toBe('两次输入的密码不一致');
    expect(validators.confirm('abcdef', 'abcdef ')).toBe('两次输入的密码不一致');
  });
});

describe('chineseName', () => {
  it('accepts 2 to 4 Chinese characters', () => {
    expect(validators.chineseName('张三')).toBeNull();
    expect(validators.chineseName('张三丰')).toBeNull();
    expect(validators.chineseName('欧阳娜娜')).toBeNull();
    // A rare character outside the basic plane counts as one character.
    expect(validators.chineseName('𠮷野')).toBeNull();
  });

  it('rejects anything else', () => {
    expect(validators.chineseName('')).toBe('姓名不能为空');
    expect(validators.chineseName('张')).toBe('姓名为2-4个汉字');
    expect(validators.chineseName('欧阳娜娜娜')).toBe('姓名为2-4个汉字');
    expect(validators.chineseName('Tom')).toBe('姓名为2-4个汉字');
    expect(validators.chineseName('张3')).toBe('姓名为2-4个汉字');
    expect(validators.chineseName('张 三')).toBe('姓名为2-4个汉字');
  });
});

describe('bankCard', () => {
  const { bankCard } = validators;

  it('accepts numbers that pass the Luhn check, with or without spaces', () => {
    expect(bankCard('4111111111111111')).toBeNull();
    expect(bankCard('4111 1111 1111 1111')).toBeNull();
    expect(bankCard(withLuhn('62220212345678901'))).toBeNull(); // 18 digits
    expect(bankCard(withLuhn('12345678901'))).toBeNull(); // 12 digits
    expect(bankCard(withLuhn('622202123456789012'))).toBeNull(); // 19 digits
  });

  it('reports each failure', () => {
    expect(bankCard('')).toBe('银行卡号不能为空');
    expect(bankCard('   ')).toBe('银行卡号不能为空');
    expect(bankCard('41111111111')).toBe('银行卡号格式错误'); // 11 digits
    expect(bankCard(withLuhn('6222021234567890123'))).toBe('银行卡号格式错误'); // 20 digits
    expect(bankCard('4111-1111-1111-1111')).toBe('银行卡号格式错误');
    expect(bankCard('4111111111111112')).toBe('银行卡号校验失败');
  });

  it('detects every single-digit change', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{11,18}$/),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (body, at, delta) => {
          const card = withLuhn(body);
          expect(bankCard(card)).toBeNull();
          const i = at % card.length;
          const changed = (Number(card.charAt(i)) + delta) % 10;
          const broken = card.slice(0, i) + String(changed) + card.slice(i + 1);
          expect(bankCard(broken)).toBe('银行卡号校验失败');
        },
      ),
    );
    expect(luhnCheck('79927398713')).toBe(true);
    expect(luhnCheck('7992739871a')).toBe(false);
  });
});

describe('amount', () => {
  const { amount } = validators;

  it('accepts positive amounts with at most two decimals', () => {
    for (const v of ['1', '0.01', '0.1', '10.5', '10.50', '123456789012345678901.99', '007']) {
      expect(amount(v), v).toBeNull();
    }
  });

  it('reports each failure', () => {
    expect(amount('')).toBe('金额不能为空');
    expect(amount(undefined)).toBe('金额不能为空');
    for (const v of ['abc', '1.', '.5', '1,000', '1e3', '1.2.3', '+1', ' 1']) {
      expect(amount(v), v).toBe('金额格式错误');
    }
    for (const v of ['0', '0.00', '-1', '-0.01', '000.0']) {
      expect(amount(v), v).toBe('金额必须大于0');
    }
    expect(amount('1.234')).toBe('金额最多两位小数');
    expect(amount('0.001')).toBe('金额最多两位小数');
  });
});

describe('other validators', () => {
  it('landline', () => {
    for (const v of [
      '010-12345678',
      '0755-1234567',
      '02112345678',
      '12345678',
      '010-12345678-123',
    ]) {
      expect(validators.landline(v), v).toBeNull();
    }
    expect(validators.landline('')).toBe('固定电话不能为空');
    for (const v of ['13812345678', '010-123', 'abc', '10-12345678']) {
      expect(validators.landline(v), v).toBe('固定电话格式错误');
    }
  });

  it('email', () => {
    expect(validators.email('a.b+c@example.com')).toBeNull();
    expect(validators.email('user@mail.example.cn')).toBeNull();
    expect(validators.email('')).toBe('邮箱不能为空');
    for (const v of ['a@b', 'a@@b.com', '@b.com', 'a b@c.com', 'a@-b.com', '.a@b.com']) {
      expect(validators.email(v), v).toBe('邮箱格式错误');
    }
  });

  it('url', () => {
    expect(validators.url('https://example.com/path?q=1')).toBeNull();
    expect(validators.url('http://localhost:8080')).toBeNull();
    expect(validators.url('')).toBe('网址不能为空');
    for (const v of [
      'example.com',
      'ftp://example.com',
      'https://',
      'https://exa mple.com',
      'javascript:alert(1)',
    ]) {
      expect(validators.url(v), v).toBe('网址格式错误');
    }
  });

  it('date', () => {
    expect(validators.date('2024-02-29')).toBeNull();
    expect(validators.date('2000-02-29')).toBeNull();
    expect(validators.date('')).toBe('日期不能为空');
    for (const v of [
      '2023-02-29',
      '1900-02-29',
      '2024-13-01',
      '2024-04-31',
      '2024-1-1',
      '2024/01/01',
      '20240101',
    ]) {
      expect(validators.date(v), v).toBe('日期格式错误');
    }
  });

  it('number, digits and decimals', () => {
    for (const v of ['0', '-1', '+2.5', '3.14']) expect(validators.number(v), v).toBeNull();
    expect(validators.number('')).toBe('数字不能为空');
    for (const v of ['abc', '1.', '1e5', '--1']) {
      expect(validators.number(v), v).toBe('数字格式错误');
    }

    expect(validators.digits('0123')).toBeNull();
    expect(validators.digits('')).toBe('内容不能为空');
    expect(validators.digits('12.3')).toBe('只能输入数字');
    expect(validators.digits('-1')).toBe('只能输入数字');

    expect(validators.decimals('12')).toBeNull();
    expect(validators.decimals('12.345')).toBeNull();
    expect(validators.decimals('')).toBe('数值不能为空');
    expect(validators.decimals('-1.5')).toBe('数值格式错误，只能输入非负数');
    expect(validators.decimals('1.')).toBe('数值格式错误，只能输入非负数');
  });

  it('carPlate, including new-energy plates', () => {
    for (const v of ['京A12345', '粤B1234学', '沪AD12345', '浙A12345F', '川ADF1234', '苏e12345']) {
      expect(validators.carPlate(v), v).toBeNull();
    }
    expect(validators.carPlate('')).toBe('车牌号不能为空');
    for (const v of [
      '京A1234',
      '京I12345',
      'A123456',
      '京A123456',
      '京AA12345',
      '港A12345',
      '京A12345X',
    ]) {
      expect(validators.carPlate(v), v).toBe('车牌号格式错误');
    }
  });

  it('chinese, letters, lettersDigits, upperCase and lowerCase', () => {
    expect(validators.chinese('中文')).toBeNull();
    expect(validators.chinese('')).toBe('内容不能为空');
    expect(validators.chinese('中a')).toBe('只能输入汉字');

    expect(validators.letters('abcXYZ')).toBeNull();
    expect(validators.letters('')).toBe('内容不能为空');
    expect(validators.letters('abc1')).toBe('只能输入英文字母');

    expect(validators.lettersDigits('abc123')).toBeNull();
    expect(validators.lettersDigits('')).toBe('内容不能为空');
    expect(validators.lettersDigits('abc_123')).toBe('只能输入字母和数字');

    expect(validators.upperCase('ABC')).toBeNull();
    expect(validators.upperCase('')).toBe('内容不能为空');
    expect(validators.upperCase('AbC')).toBe('只能输入大写字母');

    expect(validators.lowerCase('abc')).toBeNull();
    expect(validators.lowerCase('')).toBe('内容不能为空');
    expect(validators.lowerCase('abC')).toBe('只能输入小写字母');
  });

  it('length counts characters inclusively', () => {
    expect(validators.length('abc', 1, 3)).toBeNull();
    expect(validators.length('', 0, 3)).toBeNull();
    expect(validators.length('中文字', 3, 3)).toBeNull();
    expect(validators.length('abcd', 1, 3)).toBe('长度应为1-3个字符');
    expect(validators.length('', 1, 3)).toBe('长度应为1-3个字符');
    expect(validators.length('ab', 3, 3)).toBe('长度应为3个字符');
  });

  it('range checks a number inclusively', () => {
    expect(validators.range('5', 1, 10)).toBeNull();
    expect(validators.range('1', 1, 10)).toBeNull();
    expect(validators.range('10.0', 1, 10)).toBeNull();
    expect(validators.range('-0.5', -1, 0)).toBeNull();
    expect(validators.range('', 1, 10)).toBe('数值不能为空');
    expect(validators.range('x', 1, 10)).toBe('数值格式错误');
    expect(validators.range('10.01', 1, 10)).toBe('数值应在1到10之间');
    expect(validators.range('0', 1, 10)).toBe('数值应在1到10之间');
  });

  it('json', () => {
    expect(validators.json('{"a":[1,2]}')).toBeNull();
    expect(validators.json('[]')).toBeNull();
    expect(validators.json('')).toBe('JSON不能为空');
    expect(validators.json('{a:1}')).toBe('JSON格式错误');
    expect(validators.json("{'a':1}")).toBe('JSON格式错误');
  });
});
