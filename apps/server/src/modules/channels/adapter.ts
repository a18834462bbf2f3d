import type { UnifiedEvent } from './unified';

/**
 * A channel's protocol adapter (decision 026): it turns one raw push of its acquirer into the
 * channel's order number and unified events, and it says the channel's acknowledgement words.
 * Adapters are pure: no database, no clock, no configuration beyond the keys handed in. The
 * route looks the channel up, checks its IP allow-list, calls `decode`, stores the push durably,
 * applies the events, and only then answers with `answer('accepted')`.
 */

/** The keys of one channel, as configured (PEM text). A protocol uses the ones it needs. */
export interface ChannelKeys {
  /** The acquirer's public key: verifies its signatures. */
  acquirerPublicKey?: string;
  /** The platform's private key: decrypts what the acquirer encrypted for it (联动's AES key). */
  platformPrivateKey?: string;
  /** A shared secret (the simulated channel's HMAC). */
  secret?: string;
}

/** What the simulator needs to speak the protocol: the other side's halves. */
export interface SimulatorKeys {
  /** The acquirer's private key: signs pushes. */
  acquirerPrivateKey?: string;
  /** The platform's public key: encrypts for the platform. */
  platformPublicKey?: string;
  secret?: string;
}

export interface RawPush {
  /** The exact bytes received. */
  body: Buffer;
  /** Lower-case header names. */
  headers: Readonly<Record<string, string | undefined>>;
}

export type Decoded =
  | {
      ok: true;
      /** The channel's own number of this push: the idempotency key (channel, orderNo). */
      orderNo: string;
      /** What it means; `unknown` events flag the push for the operators. */
      events: UnifiedEvent[];
    }
  | {
      ok: false;
      /**
       * Refused (bad or missing signature, key not configured, undecryptable, malformed): the
       * push is logged as refused and nothing changes. Never thrown for a mere unknown action.
       */
      reason: string;
      /** The order number, when it could be read, for the operators' log. */
      orderNo?: string;
    };

export type Outcome = 'accepted' | 'duplicate' | 'flagged' | 'refused';

export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

export interface ChannelAdapter {
  /** The protocol name, e.g. 'hengxintong'; channels name it in their `protocol` column. */
  readonly protocol: string;
  /** The keys a channel of this protocol must have configured to verify and decode. */
  readonly requiredKeys: readonly (keyof ChannelKeys)[];
  /**
   * Verifies, decrypts and maps one push. Must refuse (never skip) when a key is missing. May
   * answer later (联动 verifies and decrypts on worker threads).
   */
  decode(push: RawPush, keys: ChannelKeys): Decoded | Promise<Decoded>;
  /**
   * The channel's own words for an outcome. `accepted`, `duplicate` and `flagged` (stored for
   * the operators) acknowledge, so the acquirer stops retrying; `refused` must not.
   */
  answer(outcome: Outcome): Answer;
  /**
   * The simulator's side: one push carrying these events, signed (and encrypted) as the acquirer
   * would. Events the protocol cannot carry throw.
   */
  encode(
    events: UnifiedEvent[],
    keys: SimulatorKeys,
  ): { body: Buffer; headers: Record<string, string> };
}
