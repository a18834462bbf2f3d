import { randomUUID } from 'node:crypto';
import { listenFake, type FakeRequest } from './http-fake';

interface Person {
  name: string;
  idCard: string;
}
interface Card extends Person {
  cardNo: string;
  mobile: string;
}

/**
 * An identity-verification product of Alibaba Cloud's API market on a loopback port: the API
 * gateway's AppCode authentication (`Authorization: APPCODE <code>`; a wrong one, or a used-up
 * quota, is an HTTP 403 naming itself in X-Ca-Error-Message), then the product's checks against
 * its records: /id (name + ID number) and /bankcard (name + ID number + card, and the reserved
 * mobile for four elements), answering `{ code, msg, data: { result } }` with 1 a match, 2 a
 * mismatch, 3 no record, and code 400 for a malformed field.
 */
export async function startRealNameFake(
  appCode: string,
  records: { people: Person[]; cards: Card[] },
) {
  const asked: { check: string; fields: Record<string, string> }[] = [];
  let quotaLeft = Number.POSITIVE_INFINITY;

  const gatewayRefusal = (message: string) => ({
    status: 403,
    headers: { 'x-ca-error-message': message, 'x-ca-request-id': randomUUID() },
    json: { message },
  });
  const answer = (code: number, msg: string, result?: number) => ({
    json: {
      code,
      msg,
      taskNo: randomUUID().replace(/-/g, ''),
      data: result === undefined ? null : { result },
    },
  });

  const handle = (req: FakeRequest) => {
    if (req.headers.authorization !== `APPCODE ${appCode}`)
      return gatewayRefusal('Invalid AppCode');
    if (quotaLeft <= 0) return gatewayRefusal('Quota Exhausted');
    quotaLeft -= 1;
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      return answer(400, '参数错误');
    }
    const fields = Object.fromEntries(new URLSearchParams(req.body.toString()));
    asked.push({ check: req.url.pathname, fields });
    const { name = '', idcard = '', bankcard, mobile } = fields;
    if (!name || !/^\d{17}[\dX]$/.test(idcard)) return answer(400, '身份证号或姓名格式错误');
    if (req.url.pathname === '/id') {
      const person = records.people.find((p) => p.idCard === idcard);
      if (!person) return answer(200, '成功', 3);
      return answer(200, '成功', person.name === name ? 1 : 2);
    }
    if (req.url.pathname === '/bankcard') {
      if (!bankcard || !/^\d{12,19}$/.test(bankcard)) return answer(400, '银行卡号格式错误');
      const card = records.cards.find((c) => c.cardNo === bankcard);
      if (!card) return answer(200, '成功', 3);
      const same =
        card.name === name && card.idCard === idcard && (!mobile || card.mobile === mobile);
      return answer(200, '成功', same ? 1 : 2);
    }
    return { status: 404, headers: { 'x-ca-error-message': 'Invalid Url' }, json: {} };
  };

  const { origin } = await listenFake(handle);
  return {
    idUrl: `${origin}/id`,
    bankCardUrl: `${origin}/bankcard`,
    asked,
    /** Only this many more calls pass the gateway. */
    setQuota(calls: number) {
      quotaLeft = calls;
    },
  };
}
