import type { AgentPick, TerminalImportPreview, TerminalImportProgress } from '@pos/core';
import { Alert, App, Button, Card, Progress, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { AgentPicker, AgentWho } from '@/components/agent-picker';
import { api } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { fileToCsv } from '../lib/sheet-to-csv';

/** CSV -> row-by-row preview (bad rows named) -> import with progress -> allocate to a top agent. */
export default function ImportPage() {
  const { t, L, lang } = useI18n();
  const { message, modal } = App.useApp();
  const [preview, setPreview] = useState<TerminalImportPreview | null>(null);
  const [progress, setProgress] = useState<TerminalImportProgress | null>(null);
  const [toAgent, setToAgent] = useState<AgentPick | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const choose = async (file: File) => {
    let csv: string;
    try {
      csv = await fileToCsv(file);
    } catch {
      void message.error(L('无法读取该文件，请上传CSV或Excel（.xlsx）文件'));
      return false;
    }
    setProgress(null);
    setPreview(
      await api<TerminalImportPreview>('/terminals/import/preview', {
        body: { fileName: file.name, csv },
      }),
    );
    return false;
  };
  const commit = async () => {
    setBusy(true);
    const poll = setInterval(
      () =>
        void api<TerminalImportProgress>(`/terminals/import/progress?id=${preview!.id}`, {
          quiet: true,
        })
          .then(setProgress)
          .catch(() => undefined),
      500,
    );
    try {
      setProgress(
        await api<TerminalImportProgress>('/terminals/import/commit', {
          body: { id: preview!.id },
        }),
      );
    } finally {
      clearInterval(poll);
      setBusy(false);
    }
  };
  /** Names the receiving agent and the count, and allocates only once the operator confirms. */
  const allocate = () => {
    if (!toAgent || !progress) return;
    const agent = toAgent;
    modal.confirm({
      title: L('确认下发终端'),
      width: 520,
      content: (
        <div data-testid="allocate-confirm">
          <p>
            {lang === 'zh'
              ? `将本次导入的 ${progress.validRows} 台终端下发给：`
              : `Allocate the ${progress.validRows} terminals of this import to:`}
          </p>
          <p>
            <AgentWho agent={agent} />
          </p>
        </div>
      ),
      okButtonProps: { 'data-testid': 'confirm-allocate' } as Record<string, string>,
      onOk: async () => {
        const r = await api<{ count: number }>('/terminals/allocate', {
          body: { toAgentId: agent.id, importId: preview!.id },
        });
        void message.success(`${t('allocate')}：${r.count} · ${agent.name}`);
      },
    });
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card title={t('terminals')}>
        <Alert
          type="info"
          message={L(
            'CSV或Excel（.xlsx）文件，表头：sn,brand,model[,policy]（品牌、政策可用名称或编号）',
          )}
          style={{ marginBottom: 12 }}
        />
        <Upload
          accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          showUploadList={false}
          // The file is read here and its rows sent as the preview's body: Upload itself must
          // send nothing (returning false stops its own POST, which answered 404).
          beforeUpload={(f) => {
            void choose(f);
            return false;
          }}
        >
          <Button data-testid="choose-csv">{t('chooseFile')}</Button>
        </Upload>
      </Card>
      {preview && (
        <Card
          title={
            lang === 'zh'
              ? `共 ${preview.totalRows} 行：可导入 ${preview.validRows} 行，问题 ${preview.problemCount} 行`
              : `${preview.totalRows} rows: ${preview.validRows} to import, ${preview.problemCount} with problems`
          }
          data-testid="import-preview"
        >
          {preview.problems.length > 0 && (
            <Table
              size="small"
              rowKey={(r) => `${r.line}-${r.sn}`}
              dataSource={preview.problems}
              pagination={{ pageSize: 10 }}
              columns={[
                { title: L('行'), dataIndex: 'line' },
                { title: 'SN', dataIndex: 'sn' },
                { title: L('问题'), dataIndex: 'msg' },
              ]}
            />
          )}
          <Space style={{ marginTop: 12 }}>
            <Button
              type="primary"
              disabled={preview.validRows === 0 || busy || (progress?.status ?? 0) >= 1}
              loading={busy}
              onClick={() => void commit()}
              data-testid="commit-import"
            >
              {t('commitImport')}（{preview.validRows}）
            </Button>
            {progress && (
              <Progress
                percent={Math.round((progress.doneRows / Math.max(1, progress.validRows)) * 100)}
                style={{ width: 300 }}
              />
            )}
            {progress && (
              <span data-testid="import-progress">
                {progress.doneRows} / {progress.validRows}
                {progress.status === 3 ? ` ${progress.error ?? ''}` : ''}
              </span>
            )}
          </Space>
        </Card>
      )}
      {progress?.status === 2 && (
        <Card title={t('allocate')}>
          <Space>
            <AgentPicker
              topOnly
              value={toAgent?.id}
              onPick={setToAgent}
              style={{ width: 360 }}
              id="allocate-agent"
              data-testid="allocate-agent"
            />
            <Button type="primary" disabled={!toAgent} onClick={allocate} data-testid="allocate">
              {t('allocate')}
            </Button>
          </Space>
        </Card>
      )}
    </Space>
  );
}
