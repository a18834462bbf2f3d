import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { AliyunSmsSender } from './aliyun-sms-sender';
import { DisabledSmsSender, OutboxSmsSender, type SmsSender } from './sms-sender';
import { TencentSmsSender } from './tencent-sms-sender';

/** The SMS sender SMS_GATEWAY names. */
export function chooseSmsSender(config: Config, db: DbOrTx, log: FastifyBaseLogger): SmsSender {
  switch (config.smsGateway) {
    case 'aliyun':
      return new AliyunSmsSender(config.providers.sms, log);
    case 'tencent':
      return new TencentSmsSender(config.providers.sms, log);
    case 'disabled':
      return new DisabledSmsSender();
    default:
      return new OutboxSmsSender(db, log);
  }
}
