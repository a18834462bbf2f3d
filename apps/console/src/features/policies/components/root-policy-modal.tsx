import {
  enumLabel,
  rateValueText,
  simTierFigures,
  type AdminRootDraft,
  type AgentPolicyTerms,
  type OpenPolicyResponse,
} from '@pos/core';
import { App, Descriptions, Form, InputNumber, Modal, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { api, ApiError, yuan } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { fenToYuan, inputToRate, rateToInput, rateUnit, yuanToFen } from '../rate-units';
import { SimTierConfirm, SimTierFields } from './sim-tier-fields';
import { RatesTable } from './rates-table';

interface FormValues {
  rates: { rateType: number; cost: number; minRate: number; maxRate: number }[];
  activationReward: number;
  standardRewards: number[];
  serviceFeeShares: number[];
  commFeeShares: number[];
  /** Per SIM fee option: the second and the third-and-later cashback (issue 33). */
  commTiers: [number, number][];
}

const toForm = (terms: AgentPolicyTerms): FormValues => ({
  rates: terms.rates.map((r) => ({
    rateType: r.rateType,
    cost: rateToInput(r.rateType, r.cost),
    minRate: rateToInput(r.rateType, r.minRate),
    maxRate: rateToInput(r.rateType, r.maxRate),
  })),
  activationReward: fenToYuan(terms.activationRewardFen),
  standardRewards: terms.standardRewardsFen.map(fenToYuan),
  serviceFeeShares: terms.serviceFeeShares.map((s) => fenToYuan(s.shareFen)),
  commFeeShares: terms.commFeeShares.map((s) => fenToYuan(s.shareFen)),
  commTiers: terms.commFeeShares.map((s) => {
    const [, second, later] = simTierFigures(s);
    return [fenToYuan(second), fenToYuan(later)];
  }),
});

const fromForm = (v: FormValues, draft: AdminRootDraft): AgentPolicyTerms => ({
  rates: v.rates.map((r) => ({
    rateType: r.rateType as AgentPolicyTerms['rates'][number]['rateType'],
    cost: inputToRate(r.rateType, r.cost ?? 0),
    minRate: inputToRate(r.rateType, r.minRate ?? 0),
    maxRate: inputToRate(r.rateType, r.maxRate ?? 0),
  })),
  activationRewardFen: yuanToFen(v.activationReward ?? 0),
  standardRewardsFen: (v.standardRewards ?? []).map((x) => yuanToFen(x ?? 0)),
  serviceFeeShares: draft.terms.serviceFeeShares.map((s, i) => ({
    optionFen: s.optionFen,
    shareFen: yuanToFen(v.serviceFeeShares?.[i] ?? 0),
  })),
  commFeeShares: draft.terms.commFeeShares.map((s, i) => ({
    optionFen: s.optionFen,
    shareFen: yuanToFen(v.commFeeShares?.[i] ?? 0),
    secondFen: yuanToFen(v.commTiers?.[i]?.[0] ?? 0),
    laterFen: yuanToFen(v.commTiers?.[i]?.[1] ?? 0),
  })),
});

/**
 * Opening (or editing) a top-level agent's root policy as the platform. It starts from the
 * server's draft; the server's refusal (costs only down, rewards only up, inside the product's
 * range) is shown on the field it names, and nothing is sent before the operator confirms.
 */
export function RootPolicyModal({
  agentId,
  policyId,
  onClose,
  onSaved,
}: {
  agentId: number;
  policyId: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, L, lang } = useI18n();
  const { modal, message } = App.useApp();
  const [draft, setDraft] = useState<AdminRootDraft | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<FormValues>();

  useEffect(() => {
    let live = true;
    void api<AdminRootDraft>(`/policies/root-draft?agentId=${agentId}&policyId=${policyId}`)
      .then((d) => {
        if (!live) return;
        setDraft(d);
        form.setFieldsValue(toForm(d.terms));
      })
      .catch(onClose);
    return () => {
      live = false;
    };
  }, [agentId, policyId, form, onClose]);

  const submit = async () => {
    if (!draft) return;
    await form.validateFields();
    // Every value, the rate types too (they are shown, not edited, so no field holds them).
    const terms = fromForm(form.getFieldsValue(true) as FormValues, draft);
    const go = await modal.confirm({
      title: draft.opened ? L('确认修改政策') : L('确认开通政策'),
      content: (
        <div data-testid="root-confirm">
          <p>
            {draft.agent.name} {draft.agent.mobile} · {draft.brandName} {draft.policyName}
          </p>
          <ul style={{ paddingLeft: 18 }}>
            {terms.rates.map((r) => (
              <li key={r.rateType}>
                {enumLabel('rate_type', r.rateType, lang)} {L('成本')}{' '}
                {rateValueText(r.rateType, r.cost, lang)}
              </li>
            ))}
            <li>
              {L('激活奖励')} ¥{yuan(terms.activationRewardFen)}
            </li>
            <SimTierConfirm shares={terms.commFeeShares} />
          </ul>
          <Typography.Text type="secondary">
            {L('开通后成本只能降低，奖励和分润只能提高')}
          </Typography.Text>
        </div>
      ),
    });
    if (!go) return;
    setSaving(true);
    try {
      const r = await api<OpenPolicyResponse>('/policies/open-top', {
        body: { agentId, policyId, terms },
        quiet: true,
      });
      void message.success(`${r.created ? L('开通成功') : L('修改成功')} v${r.version}`);
      onSaved();
    } catch (err) {
      if (err instanceof ApiError) {
        void message.error(err.message);
        const path = fieldPath(err.field);
        if (path) form.setFields([{ name: path as never, errors: [err.message] }]);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={860}
      title={draft?.opened ? L('修改一级代理政策') : L('开通一级代理政策')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('save')}
      confirmLoading={saving}
      okButtonProps={{ id: 'root-save' }}
      destroyOnHidden
    >
      {!draft ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" data-testid="root-form">
          <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={L('代理')}>
              {draft.agent.name} {draft.agent.mobile}
            </Descriptions.Item>
            <Descriptions.Item label={L('政策')}>
              {draft.brandName} · {draft.policyName}
              {draft.version !== null && ` v${draft.version}`}
            </Descriptions.Item>
          </Descriptions>
          <RatesTable
            rows={draft.product.rates}
            more={[
              ...(['cost', 'minRate', 'maxRate'] as const).map((key) => ({
                title: L(
                  key === 'cost' ? '成本' : key === 'minRate' ? '商户费率下限' : '商户费率上限',
                ),
                key,
                render: (_: unknown, r: AdminRootDraft['product']['rates'][number]) => {
                  const i = draft.product.rates.findIndex((x) => x.rateType === r.rateType);
                  return (
                    <Form.Item
                      name={['rates', i, key]}
                      rules={[{ required: true, message: L('请填写') }]}
                      style={{ margin: 0 }}
                    >
                      <InputNumber
                        min={0}
                        step={r.rateType === 6 ? 1 : 0.01}
                        precision={r.rateType === 6 ? 2 : 4}
                        addonAfter={rateUnit(r.rateType, lang)}
                        style={{ width: 140 }}
                        data-testid={`root-${key}-${r.rateType}`}
                      />
                    </Form.Item>
                  );
                },
              })),
            ]}
          />
          <Form.Item
            name="activationReward"
            label={L('激活奖励（元）')}
            style={{ marginTop: 16 }}
            rules={[{ required: true, message: L('请填写') }]}
          >
            <InputNumber min={0} precision={2} data-testid="root-activation" />
          </Form.Item>
          {draft.product.standardMonths.length > 0 && (
            <Form.Item label={L('达标奖励（元）')}>
              {draft.product.standardMonths.map((m, i) => (
                <Form.Item key={m.month} name={['standardRewards', i]} noStyle>
                  <InputNumber
                    min={0}
                    precision={2}
                    addonBefore={`${L('第')}${m.month}${L('月')}`}
                    style={{ width: 180, marginRight: 8 }}
                  />
                </Form.Item>
              ))}
            </Form.Item>
          )}
          {(['serviceFeeShares', 'commFeeShares'] as const).map((key) => (
            <Form.Item
              key={key}
              label={key === 'serviceFeeShares' ? L('服务费分润（元）') : L('流量费分润（元）')}
            >
              {draft.terms[key].map((s, i) => (
                <Form.Item key={s.optionFen} name={[key, i]} noStyle>
                  <InputNumber
                    min={0}
                    max={fenToYuan(s.optionFen)}
                    precision={2}
                    addonBefore={`¥${yuan(s.optionFen)}${L('档')}`}
                    style={{ width: 200, marginRight: 8 }}
                  />
                </Form.Item>
              ))}
            </Form.Item>
          ))}
          <SimTierFields draft={draft} />
        </Form>
      )}
    </Modal>
  );
}

/** The server names fields like rates.0.cost; the form's path is the same, as an array. */
function fieldPath(field: string | undefined): (string | number)[] | null {
  if (!field) return null;
  const map: Record<string, string> = {
    activationRewardFen: 'activationReward',
    standardRewardsFen: 'standardRewards',
  };
  const parts = field
    .replace(/^terms\./, '')
    .split('.')
    .map((p) => (/^\d+$/.test(p) ? Number(p) : (map[p] ?? p)));
  if (parts[0] === 'commFeeShares' && (parts[2] === 'secondFen' || parts[2] === 'laterFen'))
    return ['commTiers', parts[1]!, parts[2] === 'secondFen' ? 0 : 1];
  if (parts[0] === 'serviceFeeShares' || parts[0] === 'commFeeShares') return parts.slice(0, 2);
  return parts;
}
