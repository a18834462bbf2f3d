import type { ActionType, ProColumns } from '@ant-design/pro-components';
import {
  MALL_RULES_PARAM,
  fenToYuanText,
  parseYuanAmount,
  type AdminFreeQuota,
  type AgentPick,
  type MallRules,
  type Page,
} from '@pos/core';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Spin,
} from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '@/app/auth';
import { AgentPicker, AgentWho } from '@/components/agent-picker';
import { KeysetTable } from '@/components/keyset-table';
import { api, ApiError, toQuery } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

interface RulesValues {
  pointsPerActivation: number | null;
  postage: string;
}

interface QuotaValues {
  agentId?: number;
  granted: number | null;
}

/** The stored rules, or the defaults the server applies while the parameter is missing or bad. */
interface RulesState {
  rules: MallRules;
  stored: boolean;
}

/** The form field a server refusal names: the agent (sent by its mobile) or the figure. */
const quotaField = (f: string | undefined) =>
  f === 'mobile' ? 'agentId' : f === 'granted' ? 'granted' : undefined;

/**
 * The mall's rules and the agents' free-claim quotas. The rules (points per activated terminal,
 * the postage of shipping ways 2 and 3) are the system parameter mall_rules: everyone who sees
 * the mall reads them, only an operator who manages system parameters edits them. A quota is the number of terminals an
 * agent may claim free in total; the server keeps it at or above what the agent has claimed.
 * Every change is shown, figure before and after, before it is sent.
 */
export default function MallQuotasPage() {
  const { L, lang } = useI18n();
  const colon = lang === 'zh' ? '：' : ': ';
  const { can } = useAuth();
  const { message, modal } = App.useApp();
  const canRules = can('operator:manage');
  const canQuota = can('mall:manage');
  const ref = useRef<ActionType | undefined>(undefined);

  const [rules, setRules] = useState<RulesState | null>(null);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [rulesError, setRulesError] = useState<string | null>(null);
  const [rulesSaving, setRulesSaving] = useState(false);
  const [rulesForm] = Form.useForm<RulesValues>();

  const [quotaOpen, setQuotaOpen] = useState(false);
  // The row being edited (its agent fixed), or the agent picked for a new quota.
  const [quotaRow, setQuotaRow] = useState<AdminFreeQuota | null>(null);
  const [quotaAgent, setQuotaAgent] = useState<AgentPick | undefined>(undefined);
  const [quotaSaving, setQuotaSaving] = useState(false);
  const [quotaForm] = Form.useForm<QuotaValues>();

  const loadRules = useCallback(() => {
    void api<RulesState>('/mall/rules').then(setRules);
  }, []);
  useEffect(loadRules, [loadRules]);

  const editRules = () => {
    if (!rules) return;
    rulesForm.resetFields();
    rulesForm.setFieldsValue({
      pointsPerActivation: rules.rules.pointsPerActivation,
      postage: fenToYuanText(rules.rules.postageFen),
    });
    setRulesError(null);
    setRulesOpen(true);
  };

  const saveRules = async () => {
    if (!rules) return;
    await rulesForm.validateFields();
    const v = rulesForm.getFieldsValue(true) as RulesValues;
    const next: MallRules = {
      pointsPerActivation: v.pointsPerActivation ?? 0,
      postageFen: parseYuanAmount(v.postage) ?? 0,
    };
    const before = rules.rules;
    const changes: string[] = [];
    if (next.pointsPerActivation !== before.pointsPerActivation)
      changes.push(
        `${L('每台激活积分')}：${before.pointsPerActivation} → ${next.pointsPerActivation}`,
      );
    if (next.postageFen !== before.postageFen)
      changes.push(
        `${L('邮费')}：¥${fenToYuanText(before.postageFen)} → ¥${fenToYuanText(next.postageFen)}`,
      );
    if (changes.length === 0 && rules.stored) {
      void message.info(L('没有改动'));
      return;
    }
    setRulesError(null);
    const go = await modal.confirm({
      title: L('确认修改积分规则'),
      content: (
        <div data-testid="rules-confirm">
          {changes.length === 0 ? (
            <p>{L('按当前显示的规则保存。')}</p>
          ) : (
            changes.map((c) => <p key={c}>{c}</p>)
          )}
          <p>{L('保存后立即生效：之后激活的终端按新积分入账，之后的订单按新邮费计价。')}</p>
        </div>
      ),
    });
    if (!go) return;
    setRulesSaving(true);
    try {
      await api('/params/save', {
        body: { key: MALL_RULES_PARAM, value: JSON.stringify(next) },
        quiet: true,
      });
      void message.success(L('保存成功'));
      setRulesOpen(false);
      loadRules();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setRulesError(err.message);
      void message.error(err.message);
    } finally {
      setRulesSaving(false);
    }
  };

  const editQuota = (row?: AdminFreeQuota) => {
    quotaForm.resetFields();
    quotaForm.setFieldsValue(
      row ? { agentId: row.agentId, granted: row.granted } : { agentId: undefined, granted: null },
    );
    setQuotaRow(row ?? null);
    setQuotaAgent(undefined);
    setQuotaOpen(true);
  };

  const saveQuota = async () => {
    // The form shows what is missing under its field.
    if (
      !(await quotaForm.validateFields().then(
        () => true,
        () => false,
      ))
    )
      return;
    const v = quotaForm.getFieldsValue(true) as QuotaValues;
    // The agent as the operator chose it: the row's, or the one picked by name or mobile.
    const agent = quotaRow
      ? { name: quotaRow.agentName, mobile: quotaRow.agentMobile }
      : quotaAgent && quotaAgent.id === v.agentId
        ? quotaAgent
        : undefined;
    if (!agent) return;
    const mobile = agent.mobile;
    const granted = v.granted ?? 0;
    setQuotaSaving(true);
    try {
      // The figure now, read again rather than taken from a row that may be out of date.
      const found = await api<Page<AdminFreeQuota>>(
        `/mall/quotas?${toQuery({ mobile, pageSize: 1 })}`,
        { quiet: true },
      );
      const current = found.rows[0] ?? null;
      if (current && current.granted === granted) {
        void message.info(L('没有改动'));
        return;
      }
      const go = await modal.confirm({
        title: L('确认设置免费领取额度'),
        content: (
          <div data-testid="quota-confirm">
            <p>
              {quotaAgent && !quotaRow ? (
                <AgentWho agent={quotaAgent} />
              ) : lang === 'zh' ? (
                `${agent.name}（${agent.mobile}）`
              ) : (
                `${agent.name} (${agent.mobile})`
              )}
            </p>
            {current ? (
              <>
                <p>
                  {L('免费领取额度')}
                  {colon}
                  {current.granted} → {granted} {L('台')}
                </p>
                <p>
                  {L('已领取')} {current.used} {L('台')}
                  {lang === 'zh' ? '，' : ', '}
                  {L('剩余')} {current.granted - current.used} → {granted - current.used} {L('台')}
                </p>
              </>
            ) : (
              <>
                <p>
                  {L('新设免费领取额度')}
                  {colon}
                  {granted} {L('台')}
                </p>
              </>
            )}
          </div>
        ),
      });
      if (!go) return;
      const done = await api<{ agentId: number; granted: number; used: number }>(
        '/mall/quotas/save',
        { body: { mobile, granted }, quiet: true },
      );
      void message.success(`${L('保存成功')}${colon}${agent.name} · ${done.granted} ${L('台')}`);
      setQuotaOpen(false);
      void ref.current?.reload();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      void message.error(err.message);
      const field = quotaField(err.field);
      if (field) quotaForm.setFields([{ name: field, errors: [err.message] }]);
    } finally {
      setQuotaSaving(false);
    }
  };

  const columns: ProColumns<AdminFreeQuota>[] = [
    { title: L('手机号'), dataIndex: 'mobile', hideInTable: true },
    { title: L('代理商'), dataIndex: 'agentName', search: false },
    { title: L('手机号'), dataIndex: 'agentMobile', search: false },
    { title: L('免费领取额度（台）'), dataIndex: 'granted', search: false },
    { title: L('已领取（台）'), dataIndex: 'used', search: false },
    {
      title: L('剩余（台）'),
      key: 'left',
      search: false,
      render: (_, q) => q.granted - q.used,
    },
    { title: L('更新时间'), dataIndex: 'updatedAt', valueType: 'dateTime', search: false },
    {
      title: L('操作'),
      valueType: 'option',
      render: (_, q) =>
        canQuota
          ? [
              <a key="edit" onClick={() => editQuota(q)} data-testid={`quota-edit-${q.agentId}`}>
                {L('设置额度')}
              </a>,
            ]
          : [],
    },
  ];

  return (
    <>
      <Card
        title={L('积分规则')}
        style={{ marginBottom: 16 }}
        extra={
          canRules &&
          rules && (
            <Button onClick={editRules} data-testid="rules-edit">
              {L('修改规则')}
            </Button>
          )
        }
      >
        {!canRules && (
          <Alert
            type="info"
            style={{ marginBottom: 12 }}
            message={L('积分规则（每台激活积分、邮费）由超级管理员在此设置。')}
            data-testid="rules-locked"
          />
        )}
        {!rules ? (
          <Spin />
        ) : (
          <>
            <Descriptions size="small" column={2} data-testid="rules">
              <Descriptions.Item label={L('每台激活积分')}>
                {rules.rules.pointsPerActivation} {L('积分')}
              </Descriptions.Item>
              <Descriptions.Item label={L('邮费（积分抵扣邮费、支付宝付邮费）')}>
                ¥{fenToYuanText(rules.rules.postageFen)}
              </Descriptions.Item>
            </Descriptions>
            {!rules.stored && (
              <Alert
                type="warning"
                style={{ marginTop: 12 }}
                message={L('系统参数 mall_rules 缺失或无法读取，正按默认规则执行。')}
              />
            )}
          </>
        )}
      </Card>
      <KeysetTable<AdminFreeQuota>
        actionRef={ref}
        headerTitle={L('免费领取额度')}
        path="/mall/quotas"
        rowKey="agentId"
        fileName="mall-quotas"
        columns={columns}
        toolbar={() =>
          canQuota
            ? [
                <Button
                  key="new"
                  type="primary"
                  onClick={() => editQuota()}
                  data-testid="quota-new"
                >
                  {L('设置额度')}
                </Button>,
              ]
            : []
        }
      />
      <Modal
        open={rulesOpen}
        title={L('修改积分规则')}
        onCancel={() => setRulesOpen(false)}
        onOk={() => void saveRules()}
        confirmLoading={rulesSaving}
        okButtonProps={{ id: 'rules-save' }}
        destroyOnHidden
      >
        <Form
          form={rulesForm}
          name="mall-rules"
          layout="vertical"
          data-testid="rules-form"
          preserve={false}
        >
          {rulesError && (
            <Alert
              type="error"
              style={{ marginBottom: 16 }}
              message={rulesError}
              data-testid="rules-error"
            />
          )}
          <Form.Item
            name="pointsPerActivation"
            label={L('每台激活积分')}
            extra={L('终端激活后，其直属代理获得的积分。')}
            rules={[{ required: true, message: L('请填写') }]}
          >
            <InputNumber precision={0} style={{ width: 200 }} data-testid="rules-points" />
          </Form.Item>
          <Form.Item
            name="postage"
            label={L('邮费（元）')}
            extra={L('积分抵扣邮费、支付宝付邮费的订单所带的邮费。')}
            rules={[
              { required: true, whitespace: true, message: L('请填写') },
              {
                validator: (_, value: string | undefined) =>
                  !value?.trim() || parseYuanAmount(value) !== null
                    ? Promise.resolve()
                    : Promise.reject(new Error(L('金额格式不正确（最多两位小数）'))),
              },
            ]}
          >
            <Input prefix="¥" style={{ width: 200 }} data-testid="rules-postage" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={quotaOpen}
        title={L('设置免费领取额度')}
        onCancel={() => setQuotaOpen(false)}
        onOk={() => void saveQuota()}
        confirmLoading={quotaSaving}
        okButtonProps={{ id: 'quota-save' }}
        destroyOnHidden
      >
        <Form
          form={quotaForm}
          name="mall-quota"
          layout="vertical"
          data-testid="quota-form"
          preserve={false}
        >
          {quotaRow ? (
            <Form.Item label={L('代理商')}>
              <span data-testid="quota-agent-fixed">
                {lang === 'zh'
                  ? `${quotaRow.agentName}（${quotaRow.agentMobile}）`
                  : `${quotaRow.agentName} (${quotaRow.agentMobile})`}
              </span>
            </Form.Item>
          ) : (
            <Form.Item
              name="agentId"
              label={L('代理商')}
              rules={[{ required: true, message: L('请选择代理商') }]}
            >
              <AgentPicker id="quota-agent" data-testid="quota-agent" onPick={setQuotaAgent} />
            </Form.Item>
          )}
          <Form.Item
            name="granted"
            label={L('免费领取额度（台）')}
            extra={L('可免费领取的终端总数（含已领取的），不能低于已领取数。')}
            rules={[{ required: true, message: L('请填写') }]}
          >
            <InputNumber min={0} precision={0} style={{ width: 200 }} data-testid="quota-granted" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
