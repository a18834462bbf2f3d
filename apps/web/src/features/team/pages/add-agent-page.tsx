import { validators, type AddAgentResponse } from '@pos/core';
import { Form, Input, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { coreRule } from '@/components/ui/form-rules';
import { LoadError } from '@/components/ui/load-error';
import { MobileField } from '@/components/ui/mobile-sms-fields';
import { Page } from '@/components/ui/page';
import { SingleSelector } from '@/components/ui/single-selector';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { useAddAgent } from '../api/add-agent';
import { useTeamLevels } from '../api/get-team-levels';
import { InitialPasswordDialog } from '../components/initial-password-dialog';
import '../i18n';
import '../team.css';

interface Values {
  name: string;
  mobile: string;
  idCard: string;
  level: number[];
}

/**
 * Add a direct sub-agent: name, mobile, ID card and level, checked with the core validators (the
 * server checks the same again). The initial password comes back once and is shown in a dialog.
 */
export default function AddAgentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const levels = useTeamLevels();
  const add = useAddAgent();
  const [created, setCreated] = useState<AddAgentResponse | null>(null);
  const assignable = levels.data?.assignable ?? [];
  const ownLevel = levels.data?.levels.find((l) => l.level === levels.data?.callerLevel)?.name;

  const submit = (values: Values) => {
    const level = values.level[0];
    if (level === undefined) return;
    add.mutate(
      {
        name: values.name.trim(),
        mobile: values.mobile,
        idCard: values.idCard.toUpperCase(),
        level,
      },
      {
        onSuccess: (res) => setCreated(res),
        onError: (error) => {
          // The server names the field it refuses: show its message under that field too.
          if (
            error instanceof ApiError &&
            error.field &&
            ['name', 'mobile', 'idCard', 'level'].includes(error.field)
          ) {
            form.setFields([{ name: error.field as keyof Values, errors: [error.message] }]);
          }
        },
      },
    );
  };

  let body;
  if (levels.isLoading) body = <Skeleton.Paragraph lineCount={8} animated className="team-block" />;
  else if (levels.isError)
    body = <LoadError error={levels.error} onRetry={() => void levels.refetch()} />;
  else {
    body = (
      <Form
        form={form}
        layout="horizontal"
        mode="card"
        requiredMarkStyle="none"
        initialValues={{ level: assignable.length ? [assignable[0]!.level] : [] }}
        onFinish={submit}
        footer={
          <SubmitButton loading={add.isPending} testId="add-agent-submit" rounded>
            {t('team.submit')}
          </SubmitButton>
        }
      >
        <Form.Item name="name" label={t('team.name')} rules={[coreRule(validators.chineseName)]}>
          <Input id="add-agent-name" placeholder={t('team.namePh')} maxLength={4} clearable />
        </Form.Item>
        <MobileField
          id="add-agent-mobile"
          label={t('team.mobile')}
          placeholder={t('team.mobilePh')}
        />
        <Form.Item
          name="idCard"
          label={t('team.idCard')}
          rules={[coreRule((v) => validators.idCard(typeof v === 'string' ? v.toUpperCase() : v))]}
        >
          <Input id="add-agent-id-card" placeholder={t('team.idCardPh')} maxLength={18} clearable />
        </Form.Item>
        <Form.Item
          name="level"
          label={t('team.level')}
          layout="vertical"
          rules={[{ required: true, type: 'array', min: 1, message: t('team.levelRequired') }]}
          description={ownLevel ? t('team.levelHint', { level: ownLevel }) : undefined}
        >
          <SingleSelector
            columns={4}
            options={assignable.map((l) => ({ label: l.name, value: l.level }))}
            data-testid="add-agent-level"
          />
        </Form.Item>
      </Form>
    );
  }

  return (
    <Page title={t('team.addTitle')} className="team-page" backTo="/pages/home/myAgent/index">
      <p className="team-intro">{t('team.addIntro')}</p>
      {body}
      <InitialPasswordDialog
        created={created}
        onAnother={() => {
          setCreated(null);
          form.resetFields();
        }}
        onDone={() => {
          setCreated(null);
          navigate('/pages/home/myAgent/index', { replace: true });
        }}
      />
    </Page>
  );
}
