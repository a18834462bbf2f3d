import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { listenFake, type FakeRequest } from './http-fake';

/**
 * Alibaba Cloud SMS (dysmsapi 2017-05-25) on a loopback port. It checks requests the way the
 * published V3 request signature (ACS3-HMAC-SHA256) is defined: the canonical request (method,
 * path, sorted RFC 3986 query, the signed headers, the payload hash in x-acs-content-sha256),
 * its SHA-256 signed with the AccessKey secret, the nonce used once and the date fresh. SendSms
 * checks the sign name and template, delivers the text to `sent`, or answers the error code set
 * for the number with `failFor`.
 */
export async function startAliyunSmsFake(account: {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templates: Record<string, string>;
}) {
  const sent: {
    phone: string;
    signName: string;
    template: string;
    params: Record<string, string>;
  }[] = [];
  const failures = new Map<string, { code: string; message: string }>();
  const nonces = new Set<string>();
  let refusedSignatures = 0;

  const error = (status: number, code: string, message: string) => ({
    status,
    json: {
      RequestId: randomUUID(),
      HostId: 'dysmsapi.aliyuncs.com',
      Code: code,
      Message: message,
    },
  });

  const handle = (req: FakeRequest) => {
    const auth =
      /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
        String(req.headers.authorization ?? ''),
      );
    if (!auth)
      return error(
        400,
        'IncompleteSignature',
        'The request signature does not conform to Aliyun standards.',
      );
    const [, keyId, signedHeaders, signature] = auth as unknown as [string, string, string, string];
    if (keyId !== account.accessKeyId) {
      return error(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    }
    const names = signedHeaders.split(';');
    for (const required of [
      'host',
      'x-acs-action',
      'x-acs-content-sha256',
      'x-acs-date',
      'x-acs-signature-nonce',
      'x-acs-version',
    ]) {
      if (!names.includes(required))
        return error(400, 'IncompleteSignature', `${required} is not signed.`);
    }
    const payloadHash = createHash('sha256').update(req.body).digest('hex');
    if (req.headers['x-acs-content-sha256'] !== payloadHash) {
      return error(400, 'IncompleteSignature', 'The payload hash does not match the body.');
    }
    const canonical = [
      req.method,
      req.url.pathname,
      canonicalQuery(req.url.searchParams),
      names.map((n) => `${n}:${String(req.headers[n] ?? '').trim()}\n`).join(''),
      signedHeaders,
      payloadHash,
    ].join('\n');
    const stringToSign = `ACS3-HMAC-SHA256\n${createHash('sha256').update(canonical).digest('hex')}`;
    const expected = createHmac('sha256', account.accessKeySecret).update(stringToSign).digest();
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
      refusedSignatures += 1;
      return error(
        400,
        'SignatureDoesNotMatch',
        'Specified signature is not matched with our calculation.',
      );
    }
    const date = Date.parse(String(req.headers['x-acs-date']));
    if (!Number.isFinite(date) || Math.abs(Date.now() - date) > 15 * 60_000) {
      return error(
        400,
        'InvalidTimeStamp.Expired',
        'Specified time stamp or date value is expired.',
      );
    }
    const nonce = String(req.headers['x-acs-signature-nonce']);
    if (nonces.has(nonce))
      return error(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    nonces.add(nonce);
    if (
      req.headers['x-acs-action'] !== 'SendSms' ||
      req.headers['x-acs-version'] !== '2017-05-25'
    ) {
      return error(404, 'InvalidAction.NotFound', 'Specified api is not found.');
    }

    const params = new URLSearchParams(req.url.searchParams);
    if (req.body.length)
      for (const [k, v] of new URLSearchParams(req.body.toString())) params.set(k, v);
    const answer = (Code: string, Message: string, extra = {}) => ({
      json: { RequestId: randomUUID(), Code, Message, ...extra },
    });
    const phone = params.get('PhoneNumbers') ?? '';
    if (!/^1\d{10}$/.test(phone)) return answer('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
    if (params.get('SignName') !== account.signName)
      return answer('isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名');
    const template = params.get('TemplateCode') ?? '';
    if (!Object.values(account.templates).includes(template)) {
      return answer('isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板');
    }
    const failure = failures.get(phone);
    if (failure) return answer(failure.code, failure.message);
    const templateParam = params.get('TemplateParam');
    sent.push({
      phone,
      signName: account.signName,
      template,
      params: templateParam ? (JSON.parse(templateParam) as Record<string, string>) : {},
    });
    return answer('OK', 'OK', { BizId: `${Date.now()}^0` });
  };

  const { origin } = await listenFake(handle);
  return {
    endpoint: origin,
    sent,
    /** SendSms to this number answers this error code from now on. */
    failFor(phone: string, code: string, message = code) {
      failures.set(phone, { code, message });
    },
    get refusedSignatures() {
      return refusedSignatures;
    },
  };
}

/** Parameters sorted by name, names and values percent-encoded as RFC 3986 says. */
function canonicalQuery(query: URLSearchParams): string {
  const rfc3986 = (s: string) =>
    encodeURIComponent(s).replace(
      /[!'()*]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    );
  return [...query.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`)
    .join('&');
}
