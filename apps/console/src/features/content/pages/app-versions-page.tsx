import {
  ModalForm,
  ProFormDependency,
  ProFormRadio,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
  type ActionType,
  type ProColumns,
  type ProFormInstance,
} from '@ant-design/pro-components';
import type { AdminAppVersion, PublishedBundle } from '@pos/core';
import { App, Button, Input, Popconfirm, Tag, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useAuth } from '@/app/auth';
import { ReviewActions } from '@/components/changes-table';
import { KeysetTable } from '@/components/keyset-table';
import { API, api, getToken } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

type Publishing = 'bundle' | 'package' | null;

interface VersionForm {
  platform: 'h5' | 'android' | 'ios';
  version: string;
  title: string;
  contents?: string;
  mandatory?: boolean;
  minVersion?: string;
  url?: string;
  sha256?: string;
  signature?: string;
}

const STATUS: Record<AdminAppVersion['status'], { text: string; color: string }> = {
  pending: { text: '待批准', color: 'gold' },
  published: { text: '已发布', color: 'green' },
  rejected: { text: '已驳回', color: 'default' },
};

/** Saves a hot update's bundle, pending ones included, for the approver to inspect. */
async function downloadBundle(r: AdminAppVersion) {
  const res = await fetch(`${API}/app-versions/${r.id}/bundle`, {
    headers: { authorization: `Bearer ${getToken() ?? ''}` },
  });
  if (!res.ok) throw new Error(String(res.status));
  const a = document.createElement('a');
  a.href = URL.createObjectURL(await res.blob());
  a.download = `pos-hot-update-${r.version}.zip`;
  a.click();
  URL.revokeObjectURL(a.href);
}

const toBase64 = async (file: File) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};

/**
 * App versions: hot updates of the web bundle and full packages published by their download
 * address. A hot update is signed on the release machine (npm run app:publish): the operator
 * uploads the zip and its signature, the server verifies it, and it waits until a different
 * operator holding hot_update:publish approves it (or rejects it). The update check offers the
 * newest published version above the one an app runs.
 */
export default function AppVersionsPage() {
  const { L } = useI18n();
  const { can } = useAuth();
  const { modal, message } = App.useApp();
  const ref = useRef<ActionType | undefined>(undefined);
  const form = useRef<ProFormInstance<VersionForm> | undefined>(undefined);
  const [publishing, setPublishing] = useState<Publishing>(null);
  const [bundle, setBundle] = useState<File | null>(null);

  const decide = (r: AdminAppVersion, approve: boolean) => {
    let reason = '';
    modal.confirm({
      title: `${approve ? L('批准发布') : L('驳回')} ${r.platform} ${r.version}：${r.title}`,
      content: approve ? (
        <div>
          <p>{L('批准后所有代理商的应用都会下载并运行此更新包')}</p>
          <Typography.Text code>SHA-256 {r.sha256}</Typography.Text>
        </div>
      ) : (
        <>
          <p>{L('驳回后此更新包将被删除，应用不会收到')}</p>
          <Input.TextArea
            placeholder={L('驳回原因')}
            maxLength={200}
            onChange={(e) => (reason = e.target.value)}
          />
        </>
      ),
      okButtonProps: { 'data-testid': 'confirm-decide' } as Record<string, string>,
      onOk: async () => {
        await api('/app-versions/bundle/decide', {
          body: { id: r.id, approve, reason: reason || undefined },
        });
        void message.success(approve ? L('已批准发布') : L('已驳回'));
        void ref.current?.reload();
      },
    });
  };

  const columns: ProColumns<AdminAppVersion>[] = [
    { title: 'ID', dataIndex: 'id', search: false },
    {
      title: L('平台'),
      dataIndex: 'platform',
      valueType: 'select',
      valueEnum: { h5: { text: 'H5' }, android: { text: 'Android' }, ios: { text: 'iOS' } },
    },
    { title: L('版本'), dataIndex: 'version', search: false },
    {
      title: L('类型'),
      dataIndex: 'type',
      search: false,
      render: (_, r) => (r.type === 'wgt' ? L('热更新') : L('安装包')),
    },
    { title: L('标题'), dataIndex: 'title', search: false },
    {
      title: L('强制更新'),
      dataIndex: 'mandatory',
      search: false,
      render: (_, r) => (r.mandatory ? <Tag color="red">{L('强制')}</Tag> : L('否')),
    },
    {
      title: 'SHA-256',
      dataIndex: 'sha256',
      search: false,
      render: (_, r) =>
        r.sha256 ? (
          <Typography.Text code copyable={{ text: r.sha256 }} data-testid={`sha-${r.id}`}>
            {r.sha256.slice(0, 12)}…
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      title: L('大小'),
      dataIndex: 'sizeBytes',
      search: false,
      render: (_, r) => (r.sizeBytes === null ? '—' : `${(r.sizeBytes / 1024).toFixed(1)} KiB`),
    },
    {
      title: L('地址'),
      dataIndex: 'url',
      search: false,
      ellipsis: true,
      width: 220,
    },
    {
      title: L('状态'),
      dataIndex: 'status',
      search: false,
      render: (_, r) => (
        <Tag color={STATUS[r.status].color} data-testid={`status-${r.id}`}>
          {L(STATUS[r.status].text)}
        </Tag>
      ),
    },
    { title: L('上传人'), dataIndex: 'proposedByName', search: false },
    { title: L('批准人'), dataIndex: 'decidedByName', search: false },
    { title: L('发布时间'), dataIndex: 'createdAt', valueType: 'dateTime', search: false },
    {
      title: L('操作'),
      valueType: 'option',
      render: (_, r) => [
        ...(r.type === 'wgt' && r.status === 'pending'
          ? [
              <a key="d" onClick={() => void downloadBundle(r)} data-testid={`download-${r.id}`}>
                {L('下载更新包')}
              </a>,
            ]
          : []),
        <ReviewActions
          key="review"
          pending={r.status === 'pending'}
          allowed={can('hot_update:publish')}
          proposedBy={r.proposedById}
          onDecide={(approve) => decide(r, approve)}
          approveText={L('批准发布')}
          approveTestId={`approve-${r.id}`}
          rejectTestId={`reject-${r.id}`}
          waitingTestId={`waiting-${r.id}`}
        />,
        ...(can('content:publish') && r.status !== 'rejected'
          ? [
              <Popconfirm
                key="w"
                title={L('撤回后应用将不再收到此版本')}
                onConfirm={async () => {
                  await api('/app-versions/withdraw', { body: { id: r.id } });
                  void message.success(L('已撤回'));
                  void ref.current?.reload();
                }}
              >
                <a data-testid={`withdraw-${r.id}`}>{L('撤回')}</a>
              </Popconfirm>,
            ]
          : []),
      ],
    },
  ];

  const finish = async (v: VersionForm) => {
    // What a hot bundle and a package both say of their release.
    const release = {
      platform: v.platform,
      version: v.version,
      title: v.title,
      contents: v.contents ?? '',
      mandatory: v.mandatory ?? false,
    };
    if (publishing === 'bundle') {
      if (!bundle) {
        void message.error(L('请上传更新包'));
        return false;
      }
      if (!v.signature?.trim()) {
        void message.error(L('请上传签名文件'));
        return false;
      }
      const r = await api<PublishedBundle>('/app-versions/bundle', {
        body: {
          ...release,
          minVersion: v.minVersion || undefined,
          bundleBase64: await toBase64(bundle),
          signature: v.signature.trim(),
        },
      });
      modal.success({
        title: L('签名校验通过，待另一位操作员批准发布'),
        content: (
          <div data-testid="published-sha">
            SHA-256：<Typography.Text code>{r.sha256}</Typography.Text>
          </div>
        ),
      });
    } else {
      await api('/app-versions/package', {
        body: {
          ...release,
          url: v.url,
          sha256: v.sha256 || undefined,
        },
      });
      void message.success(L('已提交，待另一位操作员批准发布'));
    }
    setPublishing(null);
    setBundle(null);
    void ref.current?.reload();
    return true;
  };

  return (
    <>
      <KeysetTable<AdminAppVersion>
        actionRef={ref}
        headerTitle={L('应用版本')}
        path="/app-versions"
        rowKey="id"
        fileName="app-versions"
        columns={columns}
        toolbar={() =>
          can('content:publish')
            ? [
                <Button
                  key="b"
                  type="primary"
                  onClick={() => setPublishing('bundle')}
                  data-testid="publish-bundle"
                >
                  {L('发布热更新')}
                </Button>,
                <Button key="p" onClick={() => setPublishing('package')}>
                  {L('发布安装包')}
                </Button>,
              ]
            : []
        }
      />
      <ModalForm<VersionForm>
        formRef={form}
        title={publishing === 'bundle' ? L('发布热更新') : L('发布安装包')}
        open={publishing !== null}
        initialValues={{
          platform: publishing === 'bundle' ? 'h5' : 'android',
          mandatory: false,
        }}
        modalProps={{
          destroyOnHidden: true,
          onCancel: () => {
            setPublishing(null);
            setBundle(null);
          },
        }}
        onFinish={finish}
      >
        <ProFormRadio.Group
          name="platform"
          label={L('平台')}
          options={
            publishing === 'bundle'
              ? [
                  { label: 'H5', value: 'h5' },
                  { label: 'Android', value: 'android' },
                  { label: 'iOS', value: 'ios' },
                ]
              : [
                  { label: 'Android', value: 'android' },
                  { label: 'iOS', value: 'ios' },
                ]
          }
        />
        <ProFormText
          name="version"
          label={L('版本号')}
          placeholder="1.2.0"
          rules={[{ required: true, pattern: /^\d+\.\d+\.\d+$/, message: L('版本号格式错误') }]}
          fieldProps={{ id: 'version-number' }}
        />
        <ProFormText
          name="title"
          label={L('标题')}
          rules={[{ required: true }]}
          fieldProps={{ id: 'version-title' }}
        />
        <ProFormTextArea name="contents" label={L('更新内容')} />
        <ProFormSwitch name="mandatory" label={L('强制更新')} />
        {publishing === 'bundle' ? (
          <>
            <ProFormText name="minVersion" label={L('最低适用版本')} placeholder="1.0.0" />
            <Upload
              accept=".zip,application/zip"
              maxCount={1}
              beforeUpload={(file) => {
                setBundle(file);
                return false;
              }}
              onRemove={() => setBundle(null)}
            >
              <Button data-testid="bundle-file">{L('选择更新包（zip）')}</Button>
            </Upload>
            <ProFormTextArea
              name="signature"
              label={L('签名')}
              tooltip={L('发布机 npm run app:publish 生成的 .sig 文件')}
              rules={[{ required: true, message: L('请上传签名文件') }]}
              fieldProps={{ id: 'bundle-signature', rows: 2 }}
            />
            <Upload
              accept=".sig,text/plain"
              maxCount={1}
              showUploadList={false}
              beforeUpload={(file) => {
                void file
                  .text()
                  .then((text) => form.current?.setFieldsValue({ signature: text.trim() }));
                return false;
              }}
            >
              <Button data-testid="signature-file">{L('选择签名文件（.sig）')}</Button>
            </Upload>
          </>
        ) : (
          <>
            <ProFormText
              name="url"
              label={L('下载地址')}
              rules={[{ required: true }]}
              placeholder="https://"
            />
            <ProFormDependency name={['platform']}>
              {({ platform }) => (
                <ProFormText
                  name="sha256"
                  label="SHA-256"
                  rules={[{ required: platform === 'android' }]}
                  tooltip={L('安卓安装包必填：应用安装前核对')}
                />
              )}
            </ProFormDependency>
          </>
        )}
      </ModalForm>
    </>
  );
}
