import { simTierFigures, type AdminRootDraft, type FeeShare } from '@pos/core';
import { Form, InputNumber, Typography } from 'antd';
import { yuan } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { fenToYuan } from '../rate-units';

/**
 * The SIM fee's second and third-and-later cashback of a root policy, per option (issue 33): the
 * form fields commTiers.<i>.0 and .1, which the server names commFeeShares.<i>.secondFen and
 * .laterFen. The first collection's cashback is the option's communication fee share.
 */
export function SimTierFields({ draft }: { draft: AdminRootDraft }) {
  const { L } = useI18n();
  return (
    <div data-testid="root-sim-tiers">
      <Form.Item label={L('流量费返现（按收取次数，元）')}>
        {draft.terms.commFeeShares.map((s, i) =>
          s.optionFen === 0 ? null : (
            <div key={s.optionFen} style={{ marginBottom: 8 }}>
              <Typography.Text style={{ display: 'inline-block', width: 72 }}>
                ¥{yuan(s.optionFen)}
              </Typography.Text>
              {([L('第二次'), L('第三次及以后')] as const).map((tier, t) => (
                <Form.Item key={tier} name={['commTiers', i, t]} noStyle>
                  <InputNumber
                    min={0}
                    max={fenToYuan(s.optionFen)}
                    precision={2}
                    addonBefore={tier}
                    style={{ width: 220, marginRight: 8 }}
                    data-testid={`root-sim-${s.optionFen}-${t === 0 ? 'second' : 'later'}`}
                  />
                </Form.Item>
              ))}
            </div>
          ),
        )}
        <Typography.Text type="secondary">
          {L('首次即上面的流量费分润；同一终端按收取时间所在年度计次，换代理后继续计次。')}
        </Typography.Text>
      </Form.Item>
    </div>
  );
}

/** The SIM fee cashback per collection as the confirmation lists it, one line per option. */
export function SimTierConfirm({ shares }: { shares: FeeShare[] }) {
  const { L } = useI18n();
  return (
    <>
      {shares
        .filter((s) => s.optionFen > 0)
        .map((s) => (
          <li key={s.optionFen} data-testid={`root-confirm-sim-${s.optionFen}`}>
            {L('流量费返现')} ¥{yuan(s.optionFen)}：
            {simTierFigures(s)
              .map((fen, i) => `${[L('首次'), L('第二次'), L('第三次及以后')][i]} ¥${yuan(fen)}`)
              .join(' / ')}
          </li>
        ))}
    </>
  );
}
