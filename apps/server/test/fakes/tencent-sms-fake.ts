import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { listenFake, type FakeRequest } from './http-fake';

const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Tencent Cloud SMS (SendSms 2021-01-11) on a loopback port, reached through
 * TENCENT_SMS_CONNECT_TO while the SDK still names sms.tencentcloudapi.com. It checks the
 * published TC3-HMAC-SHA256 signature: the canonical request (method, path, query, the signed
 * headers lower-cased, the body's SHA-256), the credential scope date/sms/tc3_request, the key
 * derived from "TC3" + SecretKey through date, service and tc3_request, and a timestamp within
 * five minutes. SendSms checks the application, sign name and template, and answers per number
 * in SendStatusSet: delivered to `sent`, or the code set for the number with `failFor`.
 */
export async function startTencentSmsFake(account: {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templates: Record<string, string>;
}) {
  const sent: { phone: string; signName: string; template: string; params: string[] }[] = [];
  const failures = new Map<string, string>();
  let refusedSignatures = 0;

  const error = (Code: string, Message: string) => ({
    json: { Response: { Error: { Code, Message }, RequestId: randomUUID() } },
  });

  const handle = (req: FakeRequest) => {
    const auth =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        String(req.headers.authorization ?? ''),
      );
    if (!auth)
      return error('AuthFailure.InvalidAuthorization', 'Authorization is not well formed.');
    const [, secretId, date, service, signedHeaders, signature] = auth as unknown as string[];
    if (secretId !== account.secretId)
      return error('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
    if (service !== 'sms')
      return error('AuthFailure.InvalidAuthorization', `Service ${service} is not sms.`);
    const names = signedHeaders!.split(';');
    if (!names.includes('host') || !names.includes('content-type')) {
      return error('AuthFailure.InvalidAuthorization', 'host and content-type must be signed.');
    }
    const timestamp = Number(req.headers['x-tc-timestamp']);
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) {
      return error('AuthFailure.SignatureExpire', 'Signature expired.');
    }
    if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date) {
      return error('AuthFailure.SignatureFailure', "The credential date is not the timestamp's.");
    }
    const headerValue = (name: string) => {
      const value = String(req.headers[name] ?? '')
        .trim()
        .toLowerCase();
      return name === 'host' ? value.replace(/:\d+$/, '') : value;
    };
    const canonical = [
      req.method,
      req.url.pathname,
      req.url.search.slice(1),
      names.map((n) => `${n}:${headerValue(n)}\n`).join(''),
      signedHeaders,
      sha256(req.body),
    ].join('\n');
    const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/${service}/tc3_request\n${sha256(canonical)}`;
    const key = hmac(hmac(hmac(`TC3${account.secretKey}`, date!), service!), 'tc3_request');
    if (!timingSafeEqual(hmac(key, stringToSign), Buffer.from(signature!, 'hex'))) {
      refusedSignatures += 1;
      return error(
        'AuthFailure.SignatureFailure',
        'The provided credentials could not be validated.',
      );
    }
    if (req.headers['x-tc-action'] !== 'SendSms' || req.headers['x-tc-version'] !== '2021-01-11') {
      return error('InvalidAction', 'The action is not found.');
    }
    const body = JSON.parse(req.body.toString()) as {
      SmsSdkAppId?: string;
      SignName?: string;
      TemplateId?: string;
      TemplateParamSet?: string[];
      PhoneNumberSet?: string[];
    };
    if (body.SmsSdkAppId !== account.sdkAppId) {
      return error('UnauthorizedOperation.SmsSdkAppIdVerifyFail', 'SmsSdkAppId verify failed.');
    }
    if (body.SignName !== account.signName) {
      return error('FailedOperation.SignatureIncorrectOrUnapproved', 'Sign name is not approved.');
    }
    if (!Object.values(account.templates).includes(body.TemplateId ?? '')) {
      return error('FailedOperation.TemplateIncorrectOrUnapproved', 'Template is not approved.');
    }
    const SendStatusSet = (body.PhoneNumberSet ?? []).map((phone) => {
      const status = (Code: string, Message: string) => ({
        SerialNo: randomUUID(),
        PhoneNumber: phone,
        Fee: Code === 'Ok' ? 1 : 0,
        SessionContext: '',
        Code,
        Message,
        IsoCode: 'CN',
      });
      if (!/^\+861\d{10}$/.test(phone))
        return status('InvalidParameterValue.IncorrectPhoneNumber', 'incorrect number');
      const failure = failures.get(phone.slice(3));
      if (failure) return status(failure, failure);
      sent.push({
        phone: phone.slice(3),
        signName: body.SignName!,
        template: body.TemplateId!,
        params: body.TemplateParamSet ?? [],
      });
      return status('Ok', 'send success');
    });
    return { json: { Response: { SendStatusSet, RequestId: randomUUID() } } };
  };

  const { port } = await listenFake(handle);
  return {
    /** What TENCENT_SMS_CONNECT_TO names. */
    connectTo: `127.0.0.1:${port}`,
    sent,
    /** SendSms to this number (11 digits) answers this code in its SendStatusSet from now on. */
    failFor(phone: string, code: string) {
      failures.set(phone, code);
    },
    get refusedSignatures() {
      return refusedSignatures;
    },
  };
}
