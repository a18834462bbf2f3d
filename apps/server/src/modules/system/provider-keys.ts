import { createPrivateKey, createPublicKey } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { providerKeyChanges, providerKeys } from '../../db/schema';
import { select, selectOne } from '../../db/typed';
import { badRequest } from '../../lib/app-error';
import type { Cipher } from '../../lib/crypto';
import { mask } from '../../lib/secrets';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { audit } from '../../db/audit';
import { decideChange, listChanges, type ChangeDecision } from '../admin/decide-change';
import {
  PROVIDER_KEYS,
  type KeySpec,
  type ProviderKeySources,
  type ProviderParty,
} from './provider-key-names';

const partyOf = (party: string): readonly KeySpec[] | undefined =>
  Object.hasOwn(PROVIDER_KEYS, party) ? PROVIDER_KEYS[party as ProviderParty] : undefined;

/** What an operator may see of a value: a secret's ends, a PEM key's last characters. */
function shown(spec: KeySpec, value: string): string {
  if (spec.pem) return `…${value.replace(/-----[^-]+-----|\s+/g, '').slice(-8)}`;
  return spec.secret ? mask(value) : value;
}

/** The keys approved in the console, decrypted: names as the environment's. */
export async function storedProviderEnv(db: Db, cipher: Cipher): Promise<Record<string, string>> {
  const stored = await select(
    db,
    { name: providerKeys.name, valueEnc: providerKeys.valueEnc },
    sql`FROM ${providerKeys} ORDER BY ${providerKeys.name}`,
  );
  return Object.fromEntries(
    stored.map((r) => {
      try {
        return [r.name, cipher.decrypt(r.valueEnc)];
      } catch {
        throw new Error(
          `the provider key ${r.name} set in the console cannot be read with this DATA_KEY`,
        );
      }
    }),
  );
}

/**
 * Every key of every party as the console shows it: the value in use by this process (masked)
 * and where it came from, and what the console stored since, read at the next start.
 */
export async function listProviderKeys(db: Db, cipher: Cipher, running: ProviderKeySources) {
  const stored = await storedProviderEnv(db, cipher);
  return Object.entries(PROVIDER_KEYS).map(([party, specs]) => ({
    party,
    keys: specs.map((spec: KeySpec) => {
      const fromConsole = running.console[spec.name];
      const inUse = fromConsole ?? running.env[spec.name] ?? '';
      const now = stored[spec.name];
      return {
        name: spec.name,
        secret: spec.secret,
        value: inUse ? shown(spec, inUse) : null,
        source: fromConsole !== undefined ? 'console' : inUse ? 'environment' : 'unset',
        // Approved since this process started: in use from the next start ('' = removed).
        nextStart: now === fromConsole ? null : now === undefined ? '' : shown(spec, now),
      };
    }),
  }));
}

export interface ProviderKeysProposal {
  party: string;
  /** Name -> new value; an empty string removes the console's value (the environment's applies). */
  values: Record<string, string>;
}

function checkProposal(p: ProviderKeysProposal): readonly KeySpec[] {
  const specs = partyOf(p.party);
  if (!specs) throw badRequest(`未知的外部服务 ${p.party}`, 'party');
  const names = Object.keys(p.values);
  if (names.length === 0) throw badRequest('请至少修改一项', 'values');
  for (const name of names) {
    const spec = specs.find((s) => s.name === name);
    if (!spec) throw badRequest(`${name} 不属于该服务或不可在控制台设置`, name);
    const value = p.values[name]!;
    if (value.length > 8192) throw badRequest(`${name} 过长`, name);
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u0009\u000b-\u001f\u007f]/.test(value))
      throw badRequest(`${name} 含有不可见字符`, name);
    if (value && !spec.pem && /\s/.test(value.trim()))
      throw badRequest(`${name} 不应含有空格或换行`, name);
    if (value && spec.pem) {
      try {
        if (spec.pem === 'private') createPrivateKey(pemOf(value, 'PRIVATE KEY'));
        else createPublicKey(pemOf(value, 'PUBLIC KEY'));
      } catch {
        throw badRequest(
          `${name} 不是有效的${spec.pem === 'private' ? '私钥' : '公钥'}（PEM或Base64）`,
          name,
        );
      }
    }
  }
  return specs;
}

/** A key as PEM: kept as given when it has its armour, wrapped when it is bare Base64. */
const pemOf = (value: string, label: string) =>
  value.includes('-----BEGIN')
    ? value
    : `-----BEGIN ${label}-----\n${value.replace(/\s+/g, '')}\n-----END ${label}-----`;

function summaryOf(specs: readonly KeySpec[], p: ProviderKeysProposal) {
  return {
    party: p.party,
    values: Object.fromEntries(
      Object.entries(p.values).map(([name, v]) => [
        name,
        v === ''
          ? 'removed'
          : shown(
              specs.find((s) => s.name === name)!,
              v.trim(),
            ),
      ]),
    ),
  };
}

/** One operator proposes new keys for a party; nothing changes until another approves. */
export async function proposeProviderKeys(
  db: Db,
  cipher: Cipher,
  op: OperatorCaller,
  p: ProviderKeysProposal,
) {
  const specs = checkProposal(p);
  const clean = {
    party: p.party,
    values: Object.fromEntries(Object.entries(p.values).map(([k, v]) => [k, v.trim()])),
  };
  const summary = summaryOf(specs, clean);
  return db.transaction(async (tx) => {
    const inserted = alias(providerKeyChanges, 'inserted');
    const row = await selectOne(tx, { id: inserted.id }, sql`FROM inserted`, {
      with: sql`WITH inserted AS (
        INSERT INTO provider_key_changes (party, payload_enc, summary, proposed_by)
        VALUES (${p.party}, ${cipher.encrypt(JSON.stringify(clean))},
                ${JSON.stringify(summary)}::jsonb, ${op.operatorId})
        RETURNING id)`,
    });
    const id = row!.id;
    await audit(tx, op, {
      action: 'provider_keys.propose',
      targetType: 'provider_key_change',
      targetId: id,
      after: summary,
    });
    return { id };
  });
}

type ProviderKeysSummary = { values: Record<string, string> };

export async function listProviderKeyChanges(db: Db) {
  const list = await listChanges(db, providerKeyChanges, {
    id: providerKeyChanges.id,
    party: providerKeyChanges.party,
    summary: providerKeyChanges.summary,
  });
  return list.map(({ summary, ...row }) => ({
    ...row,
    // The summary proposeProviderKeys wrote: the values, masked.
    values: (summary as ProviderKeysSummary).values,
  }));
}

/**
 * Another, independent operator approves (the keys are stored, read at the next start) or
 * rejects with a reason. The proposal's values are wiped once decided.
 */
export async function decideProviderKeyChange(
  db: Db,
  cipher: Cipher,
  op: OperatorCaller,
  input: ChangeDecision,
) {
  return decideChange(db, op, input, {
    table: providerKeyChanges,
    shape: { payloadEnc: providerKeyChanges.payloadEnc, summary: providerKeyChanges.summary },
    refusal: '外部服务密钥的变更须由与发起人无关的另一位操作员复核',
    target: 'provider_key_change',
    actions: { approve: 'provider_keys.approve', reject: 'provider_keys.reject' },
    // The proposal's values are wiped once decided, either way.
    alwaysSet: sql`payload_enc = ''`,
    apply: async (tx, c) => {
      const p = JSON.parse(cipher.decrypt(c.payloadEnc)) as ProviderKeysProposal;
      for (const [name, value] of Object.entries(p.values)) {
        if (value === '') await tx.execute(sql`DELETE FROM provider_keys WHERE name = ${name}`);
        else
          await tx.execute(sql`
              INSERT INTO provider_keys (name, value_enc, change_id) VALUES
                (${name}, ${cipher.encrypt(value)}, ${input.id})
              ON CONFLICT (name) DO UPDATE SET value_enc = EXCLUDED.value_enc,
                change_id = EXCLUDED.change_id, updated_at = now()`);
      }
      await audit(tx, op, {
        action: 'provider_keys.update',
        targetType: 'provider',
        targetId: p.party,
        after: c.summary as Record<string, unknown>,
      });
    },
  });
}
