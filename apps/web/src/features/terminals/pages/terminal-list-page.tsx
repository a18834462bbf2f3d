import { Dropdown, ErrorBlock, SearchBar, Tabs, type DropdownRef } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { ChoiceList } from '@/components/ui/choice-list';
import { InfiniteList, ListSkeleton } from '@/components/ui/infinite-list';
import { Page } from '@/components/ui/page';
import { useBrands } from '../api/get-brands';
import { useTerminalList } from '../api/get-terminal-list';
import { ExportButton } from '@/features/exports/components/export-button';
import { terminalKeys } from '../api/terminal-keys';
import { AgentPicker } from '../components/agent-picker';
import { TerminalCard } from '../components/terminal-card';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useIsOperator, useMyAgentId } from '../hooks/use-role';
import '../i18n';
import '../terminals.css';

const positiveId = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};
const STATUS_TABS = ['all', '0', '1', '3'] as const;

/**
 * My stock and my team's: tabs by bind status, filters by brand and holder (me or a sub-agent),
 * SN search; pull to refresh, scroll for more. Filters live in the query string, so a filtered
 * list can be opened from elsewhere (the tab page's counts) and survives a reload.
 */
export default function TerminalListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const me = useMyAgentId();
  const operator = useIsOperator();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('bindStatus');
  const bindStatus =
    statusParam === '0' || statusParam === '1' || statusParam === '3'
      ? Number(statusParam)
      : undefined;
  const brandId = positiveId(params.get('brandId'));
  const holderAgentId = positiveId(params.get('holderAgentId'));
  const holderName = params.get('holderName') ?? '';
  const [sn, setSn] = useState(params.get('sn') ?? '');
  const [picking, setPicking] = useState(false);
  const dropdown = useRef<DropdownRef>(null);
  const closeDropdown = () => dropdown.current?.close();
  const search = useDebouncedValue(sn.trim());
  // An SN is letters and digits: anything else is said here once, and nothing is asked.
  const snInvalid = !/^[A-Za-z0-9]*$/.test(sn.trim());
  const brands = useBrands();
  const q = useTerminalList(
    {
      bindStatus,
      brandId,
      holderAgentId,
      sn: search.length >= 2 ? search : undefined,
    },
    !snInvalid && /^[A-Za-z0-9]*$/.test(search),
  );
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];

  const update = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };

  let holderLabel = t('terminals.holderAll');
  if (holderAgentId !== undefined)
    holderLabel =
      holderAgentId === me ? t('terminals.holderMe') : holderName || `#${holderAgentId}`;
  const brandLabel = brands.data?.find((b) => b.id === brandId)?.name ?? t('terminals.allBrands');

  const list = (
    <div className="term-list" data-testid="terminal-list">
      {rows.map((r) => (
        <TerminalCard
          key={r.id}
          terminal={r}
          onOpen={() =>
            navigate(`/pages/home/terminal/terminalInfo?sn=${encodeURIComponent(r.sn)}`)
          }
        />
      ))}
    </div>
  );

  return (
    <Page
      title={t('terminals.listTitle')}
      className="term-page"
      backTo="/pages/terminal/index"
      right={
        <ExportButton
          kind="terminals"
          filters={{
            bindStatus,
            brandId,
            holderAgentId,
            sn: search.length >= 2 && !snInvalid ? search : undefined,
          }}
        />
      }
    >
      <div className="term-sticky">
        <SearchBar
          placeholder={t('terminals.searchSn')}
          value={sn}
          onChange={(v) => setSn(v.toUpperCase())}
          maxLength={32}
          data-testid="sn-search"
        />
        <Tabs
          activeKey={bindStatus === undefined ? 'all' : String(bindStatus)}
          onChange={(k) => update({ bindStatus: k === 'all' ? undefined : k })}
        >
          {STATUS_TABS.map((k) => (
            <Tabs.Tab
              key={k}
              title={t(
                `terminals.${k === 'all' ? 'all' : k === '0' ? 'unbound' : k === '1' ? 'bound' : 'activated'}`,
              )}
            />
          ))}
        </Tabs>
        <Dropdown ref={dropdown}>
          <Dropdown.Item key="brand" title={brandLabel}>
            <ChoiceList
              value={brandId === undefined ? undefined : String(brandId)}
              choices={[
                { value: undefined, label: t('terminals.allBrands') },
                ...(brands.data ?? []).map((b) => ({ value: String(b.id), label: b.name })),
              ]}
              onChoose={(v) => update({ brandId: v })}
              close={closeDropdown}
            />
          </Dropdown.Item>
          <Dropdown.Item key="holder" title={holderLabel}>
            <ChoiceList
              value={
                holderAgentId === undefined ? undefined : holderAgentId === me ? 'me' : 'picked'
              }
              choices={[
                { value: undefined, label: t('terminals.holderAll') },
                ...(me !== undefined && !operator
                  ? [{ value: 'me', label: t('terminals.holderMe'), testId: 'holder-me' }]
                  : []),
                {
                  value: 'picked',
                  label:
                    holderAgentId !== undefined && holderAgentId !== me
                      ? `${t('terminals.holderPick')}（${holderLabel}）`
                      : t('terminals.holderPick'),
                },
              ]}
              onChoose={(v) => {
                if (v === 'picked') setPicking(true);
                else if (v === 'me') update({ holderAgentId: String(me), holderName: undefined });
                else update({ holderAgentId: undefined, holderName: undefined });
              }}
              close={closeDropdown}
            />
          </Dropdown.Item>
        </Dropdown>
      </div>
      {snInvalid ? (
        <ErrorBlock
          status="empty"
          title={t('terminals.snSearchInvalid')}
          description=""
          data-testid="sn-search-invalid"
        />
      ) : (
        <InfiniteList
          query={q}
          onRefresh={() => qc.invalidateQueries({ queryKey: terminalKeys.all })}
          empty={
            <ErrorBlock
              status="empty"
              title={search ? t('terminals.noMatch') : t('terminals.noTerminals')}
              description=""
            />
          }
          skeleton={<ListSkeleton lines={10} />}
        >
          {list}
        </InfiniteList>
      )}
      {picking && (
        <AgentPicker
          type={1}
          visible={picking}
          onClose={() => setPicking(false)}
          onPick={(a) => {
            setPicking(false);
            update({ holderAgentId: String(a.id), holderName: a.name });
          }}
        />
      )}
    </Page>
  );
}
