import type { SmsScene } from '@pos/core';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { smsOutbox } from '../../db/schema';

/**
 * Where verification codes leave the server. A real gateway (a cloud SMS provider) implements
 * this one method; the use cases never know which one is plugged in.
 */
export interface SmsSender {
  /** False for a sender that sends nothing (SMS_GATEWAY=disabled): codes are not issued. */
  readonly available?: boolean;
  send(mobile: string, scene: SmsScene, code: string, content: string): Promise<void>;
}

/** SMS_GATEWAY=disabled: no code is issued and the caller is told why. */
export class DisabledSmsSender implements SmsSender {
  readonly available = false;
  async send(): Promise<void> {
    throw new Error('SMS is disabled');
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsSender;
  }
}

/**
 * The built-in simulated gateway: nothing reaches a phone. Each message is written to the server
 * log (so a developer can read the code there) and to the sms_outbox table, which the dev-only
 * outbox call and the end-to-end tests read.
 */
export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly db: DbOrTx,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(mobile: string, scene: SmsScene, code: string, content: string): Promise<void> {
    await this.db.insert(smsOutbox).values({ mobile, scene, code, content });
    this.log.info(
      { sms: { mobile, scene, content } },
      'SMS written to the simulated gateway outbox',
    );
  }
}
