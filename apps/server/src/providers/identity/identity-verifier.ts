import { validators } from '@pos/core';

export type IdentityOutcome = { ok: true } | { ok: false; reason: string };

/** A bank card and its holder: three elements, four with the card's reserved mobile. */
export interface BankCardCheck {
  realName: string;
  idCard: string;
  cardNo: string;
  mobile?: string;
}

/** Checks a person's name against an ID number (a real one asks the public-security service). */
export interface IdentityVerifier {
  verify(input: { realName: string; idCard: string }): Promise<IdentityOutcome>;
  /** Checks a bank card belongs to the person (the issuing bank's records). */
  verifyBankCard(input: BankCardCheck): Promise<IdentityOutcome>;
}

/** The built-in simulator: accepts any well-formed name and ID number, and any card. */
export class SimulatedIdentityVerifier implements IdentityVerifier {
  async verify(input: { realName: string; idCard: string }) {
    if (!REAL_NAME.test(input.realName)) return { ok: false as const, reason: '姓名格式错误' };
    const msg = validators.idCard(input.idCard);
    if (msg) return { ok: false as const, reason: msg };
    return { ok: true as const };
  }

  async verifyBankCard() {
    return { ok: true as const };
  }
}

export const REAL_NAME = /^(?:[\u4e00-\u9fa5·]{2,20}|[A-Za-z][A-Za-z .]{1,29})$/;
