/**
 * Writes pushes of one channel protocol for the ingestion benchmark (scripts/bench-ingest.mjs),
 * made by the simulator's side of the adapter (signed, and encrypted, with the demo keys): one
 * successful payment per line, `{"body": <base64>, "headers": {...}}`, on the SNs given.
 * Usage: tsx apps/server/scripts/channel-pushes.ts <protocol> <count> <stamp> <out.jsonl> <sn,sn,...>
 */
import { writeFileSync } from 'node:fs';
import { CARD_TYPE, PAY_TYPE, TOTAL_TYPE, TRANSACTION_METHOD } from '@pos/core';
import '../src/modules/channels/protocols';
import { adapterFor } from '../src/modules/channels/registry';
import { DEMO_SIMULATOR_KEYS } from '../src/modules/channels/simulator';

const [protocol = '', count = '0', stamp = '', out = '', snList = ''] = process.argv.slice(2);
const adapter = adapterFor(protocol);
const keys = DEMO_SIMULATOR_KEYS[protocol];
if (!adapter || !keys) throw new Error(`no simulator for protocol ${protocol}`);
const sns = snList.split(',').filter(Boolean);
const lines: string[] = [];
for (let i = 0; i < Number(count); i++) {
  const { body, headers } = adapter.encode(
    [
      {
        type: 'trade',
        orderNo: `B${stamp}${i}`.slice(0, 32),
        kind: 'payment',
        sn: sns[i % sns.length]!,
        amountFen: 1_000 + (i % 50_000),
        payType: PAY_TYPE.POS,
        totalType: TOTAL_TYPE.POS_CREDIT,
        cardType: CARD_TYPE.CREDIT,
        method: TRANSACTION_METHOD.CARD_SWIPE,
        status: 'success',
        ratePpm: 6000,
        tradeTime: new Date(),
      },
    ],
    keys,
  );
  lines.push(JSON.stringify({ body: body.toString('base64'), headers }));
}
writeFileSync(out, `${lines.join('\n')}\n`);
