import type { AgentPick, Page } from '@pos/core';
import { Button, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { api, toQuery } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

interface Props {
  /** The chosen agent's id (Form.Item gives it). */
  value?: number;
  onChange?: (id: number | undefined) => void;
  /** Told the whole chosen agent, for the confirmation that names it. */
  onPick?: (agent: AgentPick | undefined) => void;
  /** Only top-level agents (allocation from the platform's stock). */
  topOnly?: boolean;
  style?: CSSProperties;
  id?: string;
  'data-testid'?: string;
}

/** "张总 · 13800000001" — how a chosen agent reads in a field. */
export const agentShort = (a: Pick<AgentPick, 'name' | 'mobile'>) => `${a.name} · ${a.mobile}`;

/**
 * How a chosen agent reads in a confirmation: its name, mobile, level and tree, so the operator
 * sees whose stock or money an action touches before it happens.
 */
export function AgentWho({ agent }: { agent: AgentPick }) {
  const { L, lang } = useI18n();
  const tree =
    agent.depth === 0
      ? L('一级代理')
      : lang === 'zh'
        ? `所属一级代理：${agent.topName}（${agent.topMobile}）`
        : `top agent: ${agent.topName} (${agent.topMobile})`;
  return (
    <span data-testid="agent-who">
      <Typography.Text strong>{agent.name}</Typography.Text>
      {lang === 'zh'
        ? `（${agent.mobile}，等级 ${agent.level}，${tree}）`
        : ` (${agent.mobile}, level ${agent.level}, ${tree})`}
    </span>
  );
}

/**
 * Chooses an agent by what an operator knows of it: the start of its name or mobile, its invite
 * code or id. The server answers 20 at a time (more on request); each choice shows the name,
 * mobile, level and top agent, so two agents of the same name in different trees read apart.
 */
export function AgentPicker(props: Props) {
  const { L } = useI18n();
  const [keyword, setKeyword] = useState('');
  const [options, setOptions] = useState<AgentPick[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [picked, setPicked] = useState<AgentPick | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const asked = useRef(0);

  const load = async (kw: string, cursor?: string) => {
    const n = ++asked.current;
    if (!kw.trim()) {
      setOptions([]);
      setNext(null);
      return;
    }
    setLoading(true);
    try {
      const page = await api<Page<AgentPick>>(
        `/agents/search?${toQuery({ keyword: kw.trim(), topOnly: props.topOnly ? 'true' : undefined, cursor })}`,
        { quiet: true },
      );
      if (n !== asked.current) return;
      setOptions((old) => (cursor ? [...old, ...page.rows] : page.rows));
      setNext(page.nextCursor);
    } catch {
      if (n === asked.current) {
        setOptions([]);
        setNext(null);
      }
    } finally {
      if (n === asked.current) setLoading(false);
    }
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  // A form reset clears the value: forget the chosen agent too.
  useEffect(() => {
    if (props.value === undefined && picked) setPicked(undefined);
  }, [props.value, picked]);

  const shown = picked && !options.some((o) => o.id === picked.id) ? [picked, ...options] : options;
  return (
    <Select<number>
      id={props.id}
      data-testid={props['data-testid']}
      showSearch
      allowClear
      value={props.value}
      style={{ width: '100%', ...props.style }}
      popupMatchSelectWidth={340}
      placeholder={L('输入姓名、手机号或邀请码搜索')}
      filterOption={false}
      loading={loading}
      notFoundContent={
        keyword.trim()
          ? loading
            ? L('搜索中…')
            : L('没有找到代理商')
          : L('输入姓名、手机号或邀请码搜索')
      }
      searchValue={keyword}
      onSearch={(kw) => {
        setKeyword(kw);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => void load(kw), 250);
      }}
      onChange={(id) => {
        const agent = shown.find((o) => o.id === id);
        setPicked(agent);
        props.onChange?.(id);
        props.onPick?.(agent);
      }}
      optionLabelProp="label"
      options={shown.map((a) => ({
        value: a.id,
        label: agentShort(a),
        agent: a,
      }))}
      optionRender={(o) => {
        const a = (o.data as { agent: AgentPick }).agent;
        return (
          <Space
            direction="vertical"
            size={0}
            style={{ width: '100%' }}
            data-testid={`agent-option-${a.id}`}
          >
            <Space size={4} wrap>
              <Typography.Text strong>{a.name}</Typography.Text>
              <span>{a.mobile}</span>
              <Tag>
                {L('等级')} {a.level}
              </Tag>
              {a.status !== 0 && <Tag color="red">{L('停用')}</Tag>}
            </Space>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {a.depth === 0
                ? `${L('一级代理')} · ${L('邀请码')} ${a.inviteCode}`
                : `${L('所属一级代理')}：${a.topName}（${a.topMobile}）`}
            </Typography.Text>
          </Space>
        );
      }}
      popupRender={(menu) => (
        <>
          {menu}
          {next && (
            <Button
              type="link"
              block
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => void load(keyword, next)}
            >
              {L('更多')}
            </Button>
          )}
        </>
      )}
    />
  );
}
