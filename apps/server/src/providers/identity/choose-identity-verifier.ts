import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { badRequest } from '../../lib/app-error';
import {
  SimulatedIdentityVerifier,
  type IdentityOutcome,
  type IdentityVerifier,
} from './identity-verifier';
import { MarketIdentityVerifier } from './market-identity-verifier';

/** IDENTITY_VERIFIER=disabled: a real-name submission answers that checks are not open. */
class DisabledIdentityVerifier implements IdentityVerifier {
  async verify(): Promise<IdentityOutcome> {
    throw badRequest('实名认证暂未开通，请联系平台客服', 'idCard', 'REAL_NAME_DISABLED');
  }
  async verifyBankCard(): Promise<IdentityOutcome> {
    throw badRequest('银行卡核验暂未开通，请联系平台客服', 'cardNo', 'REAL_NAME_DISABLED');
  }
}

/** The real-name verifier IDENTITY_VERIFIER names. */
export function chooseIdentityVerifier(config: Config, log: FastifyBaseLogger): IdentityVerifier {
  switch (config.identityVerifier) {
    case 'market':
      return new MarketIdentityVerifier(config.providers.realName, log);
    case 'disabled':
      return new DisabledIdentityVerifier();
    default:
      return new SimulatedIdentityVerifier();
  }
}
