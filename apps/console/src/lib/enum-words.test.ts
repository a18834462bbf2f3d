import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_LABELS,
  auditActionLabel,
  auditTargetLabel,
  JOB_KEYS,
  jobLabel,
  ROLES,
  roleLabels,
  WALLET_TYPES,
  walletTypeLabel,
} from '@pos/core';
import { describe, expect, it } from 'vitest';

/** Every enumeration the console shows, in both languages and never as its code (issue 28). */
describe('console enumerations in words', () => {
  const inWords = (code: string, zh: string, en: string) => {
    expect(zh, code).not.toBe(code);
    expect(en, code).not.toBe(code);
    expect(zh, code).toMatch(/[\u4e00-\u9fff]/);
    expect(en, code).toMatch(/^[A-Z]/);
  };

  it('names every audit action and target type', () => {
    for (const a of AUDIT_ACTIONS) inWords(a, auditActionLabel(a, 'zh'), auditActionLabel(a, 'en'));
    for (const k of Object.keys(AUDIT_TARGET_LABELS))
      inWords(k, auditTargetLabel(k, 'zh'), auditTargetLabel(k, 'en'));
  });

  it('names every job, role and wallet type', () => {
    for (const j of JOB_KEYS) inWords(j, jobLabel(j, 'zh'), jobLabel(j, 'en'));
    for (const r of ROLES) inWords(r, roleLabels[r].zh, roleLabels[r].en);
    for (const w of WALLET_TYPES) inWords(w, walletTypeLabel(w, 'zh'), walletTypeLabel(w, 'en'));
  });
});
