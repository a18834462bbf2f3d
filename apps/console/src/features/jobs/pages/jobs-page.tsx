import type { ProColumns, ActionType } from '@ant-design/pro-components';
import { JOB_KEYS, JOB_NAMES, jobLabel, type AdminJobRun } from '@pos/core';
import { App, Button, Dropdown } from 'antd';
import { useRef } from 'react';
import { useAuth } from '@/app/auth';
import { KeysetTable } from '@/components/keyset-table';
import { api } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

const STATUS: Record<number, string> = { [-1]: '失败', 0: '待执行', 1: '执行中', 2: '成功' };

export default function JobsPage() {
  const { t, L, lang } = useI18n();
  const { can } = useAuth();
  const { message } = App.useApp();
  const ref = useRef<ActionType | undefined>(undefined);
  const columns: ProColumns<AdminJobRun>[] = [
    { title: 'ID', dataIndex: 'id', search: false },
    {
      title: L('任务'),
      dataIndex: 'job',
      valueType: 'select',
      valueEnum: Object.fromEntries(JOB_KEYS.map((j) => [j, { text: jobLabel(j, lang) }])),
      render: (_, r) => jobLabel(r.job, lang),
    },
    { title: L('期间'), dataIndex: 'period', search: false },
    {
      title: t('status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: Object.fromEntries(Object.entries(STATUS).map(([k, v]) => [k, { text: L(v) }])),
    },
    { title: L('处理数'), dataIndex: 'processed', search: false },
    { title: L('次数'), dataIndex: 'runs', search: false },
    { title: L('错误'), dataIndex: 'error', search: false, ellipsis: true },
    { title: L('完成'), dataIndex: 'finishedAt', valueType: 'dateTime', search: false },
  ];
  return (
    <KeysetTable<AdminJobRun>
      actionRef={ref}
      headerTitle={t('jobs')}
      path="/jobs"
      rowKey="id"
      fileName="jobs"
      columns={columns}
      toolbar={() =>
        can('job:run')
          ? [
              <Dropdown
                key="run"
                menu={{
                  items: JOB_NAMES.map((j) => ({ key: j, label: jobLabel(j, lang) })),
                  onClick: async ({ key }) => {
                    const r = await api<{ ran: boolean; processed: number }>('/jobs/run', {
                      body: { job: key },
                    });
                    void message.success(`${jobLabel(key, lang)}: ${r.ran ? r.processed : '-'}`);
                    void ref.current?.reload();
                  },
                }}
              >
                <Button type="primary">{t('runNow')}</Button>
              </Dropdown>,
            ]
          : []
      }
    />
  );
}
