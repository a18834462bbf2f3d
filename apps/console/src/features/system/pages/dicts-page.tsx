import type { DictData } from '@pos/core';
import { Alert, Card, Col, Row, Spin, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { dictName } from '../lib/dict-words';

interface Dict {
  type: string;
  rows: DictData[];
}

/**
 * The dictionaries the app reads, as the server answers them. Their values are fixed by the
 * product specification and the code depends on them, so they are shown, not edited.
 */
export default function DictsPage() {
  const { L, lang } = useI18n();
  const [dicts, setDicts] = useState<Dict[] | null>(null);
  useEffect(() => void api<Dict[]>('/dicts').then(setDicts), []);
  if (!dicts) return <Spin />;
  return (
    <Card title={L('数据字典')}>
      <Alert
        type="info"
        style={{ marginBottom: 16 }}
        message={L('字典的取值由产品规格规定，程序依赖这些取值，因此只读。')}
      />
      <Row gutter={[16, 16]}>
        {dicts.map((d) => (
          <Col key={d.type} xs={24} lg={12} xl={8}>
            <Table<DictData>
              size="small"
              bordered
              pagination={false}
              rowKey="dictValue"
              data-testid={`dict-${d.type}`}
              title={() => (
                <span data-testid={`dict-title-${d.type}`}>
                  <Typography.Text strong>{dictName(d.type, lang)}</Typography.Text>{' '}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {d.type}
                  </Typography.Text>
                </span>
              )}
              dataSource={d.rows}
              columns={[
                { title: L('取值'), dataIndex: 'dictValue', width: 64 },
                {
                  title: L('名称'),
                  dataIndex: 'dictLabel',
                  render: (_, r) => (lang === 'zh' ? r.dictLabel : r.dictLabelEn),
                },
              ]}
            />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
