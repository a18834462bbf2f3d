import { Dropdown, Tabs, type DropdownRef } from 'antd-mobile';
import { useRef } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useSearchParams } from '@/lib/router';
import { ChoiceList } from '@/components/ui/choice-list';
import { Page } from '@/components/ui/page';
import { useOperations, type OperationFilters } from '../api/get-operations';
import { OperationRecords } from '../components/operation-records';
import '../i18n';
import '../terminals.css';

const TYPES = ['all', '0', '1', '2', '3', '4', '5', '6'] as const;
const ROLES = ['all', 'mine', 'incoming'] as const;

/** Operation records: by type, status and side (started by me, or naming me), newest first. */
export default function OperationHistoryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const type = typeParam !== null && /^[0-6]$/.test(typeParam) ? Number(typeParam) : undefined;
  const statusParam = params.get('status');
  const status =
    statusParam !== null && /^[0-2]$/.test(statusParam) ? Number(statusParam) : undefined;
  const roleParam = params.get('role');
  const role: OperationFilters['role'] =
    roleParam === 'mine' || roleParam === 'incoming' ? roleParam : 'all';
  const dropdown = useRef<DropdownRef>(null);
  const closeDropdown = () => dropdown.current?.close();
  const q = useOperations({ type, status, role });

  const update = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined || value === 'all') next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };

  return (
    <Page title={t('terminals.historyTitle')} className="term-page" backTo="/pages/terminal/index">
      <div className="term-sticky">
        <Tabs
          activeKey={type === undefined ? 'all' : String(type)}
          onChange={(k) => update('type', k)}
        >
          {TYPES.map((k) => (
            <Tabs.Tab
              key={k}
              title={k === 'all' ? t('terminals.filterAll') : t(`terminals.types.${k}`)}
            />
          ))}
        </Tabs>
        <Dropdown ref={dropdown}>
          <Dropdown.Item
            key="status"
            title={status === undefined ? t('terminals.status') : t(`terminals.statuses.${status}`)}
          >
            <ChoiceList
              value={status === undefined ? undefined : String(status)}
              choices={[
                { value: undefined, label: t('terminals.filterAll') },
                ...[0, 1, 2].map((s) => ({
                  value: String(s),
                  label: t(`terminals.statuses.${s}`),
                })),
              ]}
              onChoose={(v) => update('status', v)}
              close={closeDropdown}
            />
          </Dropdown.Item>
          <Dropdown.Item key="role" title={t(`terminals.roles.${role}`)}>
            <ChoiceList
              value={role}
              choices={ROLES.map((r) => ({ value: r, label: t(`terminals.roles.${r}`) }))}
              onChoose={(v) => update('role', v)}
              close={closeDropdown}
            />
          </Dropdown.Item>
        </Dropdown>
      </div>
      <OperationRecords query={q} testId="operation-list" />
    </Page>
  );
}
