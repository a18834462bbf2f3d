import { describe, expect, it } from 'vitest';
import { WALLET_TYPES, walletTypeLabel } from '../api/wallet';
import { AUDIT_ACTIONS, AUDIT_TARGET_LABELS, auditActionLabel, JOB_KEYS, jobLabel } from './labels';
import { ROLES, roleLabels } from './roles';

const words = (zh: string, en: string, code: string) => {
  expect(zh, code).toBeTruthy();
  expect(en, code).toBeTruthy();
  expect(zh, code).not.toBe(code);
  expect(en, code).not.toBe(code);
  expect(zh, code).toMatch(/[\u4e00-\u9fff]/);
};

describe('console enumerations in words', () => {
  it('names every audit action in Chinese and English', () => {
    expect(AUDIT_ACTIONS.length).toBeGreaterThan(50);
    for (const a of AUDIT_ACTIONS) words(auditActionLabel(a, 'zh'), auditActionLabel(a, 'en'), a);
    expect(auditActionLabel('withdrawal.pay', 'zh')).toBe('提现打款');
    expect(auditActionLabel('withdrawal.pay', 'en')).toBe('Pay a withdrawal');
  });

  it('names every audit target type, job, role and wallet type', () => {
    for (const [code, w] of Object.entries(AUDIT_TARGET_LABELS)) words(w.zh, w.en, code);
    for (const j of JOB_KEYS) words(jobLabel(j, 'zh'), jobLabel(j, 'en'), j);
    for (const r of ROLES) words(roleLabels[r].zh, roleLabels[r].en, r);
    for (const w of WALLET_TYPES) words(walletTypeLabel(w, 'zh'), walletTypeLabel(w, 'en'), w);
  });

  it('gives distinct names, so two actions never read alike', () => {
    expect(new Set(AUDIT_ACTIONS.map((a) => auditActionLabel(a, 'zh'))).size).toBe(
      AUDIT_ACTIONS.length,
    );
    expect(new Set(AUDIT_ACTIONS.map((a) => auditActionLabel(a, 'en'))).size).toBe(
      AUDIT_ACTIONS.length,
    );
  });
});
