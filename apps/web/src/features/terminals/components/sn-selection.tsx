import {
  checkSnArray,
  parseSnList,
  parseSnRange,
  snFromScan,
  type TerminalSnSelection,
} from '@pos/core';
import { Button, Input, Tabs, Tag, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { CameraScanner } from './camera-scanner';
import { TerminalPicker } from './terminal-picker';

export type SnMode = 'range' | 'list' | 'scan' | 'pick';

export interface SnSelectionValue {
  mode: SnMode;
  startSn: string;
  endSn: string;
  listText: string;
  scanned: string[];
  picked: string[];
}

export const emptySelection = (mode: SnMode = 'range'): SnSelectionValue => ({
  mode,
  startSn: '',
  endSn: '',
  listText: '',
  scanned: [],
  picked: [],
});

/**
 * What the form would send, checked with the same rules as the server: the count on success, or
 * the message naming the problem (duplicate SN, malformed or oversize range, different prefixes).
 */
export function readSnSelection(
  v: SnSelectionValue,
): { ok: true; request: TerminalSnSelection; count: number } | { ok: false; error: string } {
  if (v.mode === 'range') {
    const r = parseSnRange(v.startSn, v.endSn);
    return r.ok
      ? {
          ok: true,
          request: { startSn: r.value.startSn, endSn: r.value.endSn },
          count: r.value.count,
        }
      : r;
  }
  const l =
    v.mode === 'list'
      ? parseSnList(v.listText)
      : checkSnArray(v.mode === 'scan' ? v.scanned : v.picked);
  return l.ok ? { ok: true, request: { sns: l.value }, count: l.value.length } : l;
}

/**
 * The terminals of a batch operation, four ways: an SN range, a pasted list, the camera, or
 * ticked from the holder's stock. The count (or the first problem) shows as the user types.
 */
export function SnSelectionInput({
  value,
  onChange,
  stockHolderId,
}: {
  value: SnSelectionValue;
  onChange: (v: SnSelectionValue) => void;
  /** Whose stock the picker lists (mine, or the agent a recall takes from). */
  stockHolderId: number | undefined;
}) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const set = (patch: Partial<SnSelectionValue>) => onChange({ ...value, ...patch });
  const read = readSnSelection(value);
  const started =
    (value.mode === 'range' && (value.startSn || value.endSn)) ||
    (value.mode === 'list' && value.listText.trim()) ||
    (value.mode === 'scan' && value.scanned.length) ||
    (value.mode === 'pick' && value.picked.length);

  const onScan = (text: string) => {
    const sn = snFromScan(text);
    if (!sn) return;
    if (value.scanned.includes(sn)) return;
    set({ scanned: [...value.scanned, sn] });
    Toast.show({ content: t('terminals.camera.found', { sn }), duration: 800 });
  };

  return (
    <div className="term-selection">
      <Tabs
        activeKey={value.mode}
        onChange={(k) => set({ mode: k as SnMode })}
        className="term-mode-tabs"
      >
        <Tabs.Tab key="range" title={t('terminals.modes.range')} />
        <Tabs.Tab key="list" title={t('terminals.modes.list')} />
        <Tabs.Tab key="scan" title={t('terminals.modes.scan')} />
        <Tabs.Tab key="pick" title={t('terminals.modes.pick')} />
      </Tabs>
      {value.mode === 'range' && (
        <div className="term-range">
          <Input
            placeholder={t('terminals.startSn')}
            value={value.startSn}
            onChange={(v) => set({ startSn: v })}
            clearable
            aria-label={t('terminals.startSn')}
            data-testid="start-sn"
          />
          <span className="term-range-sep">—</span>
          <Input
            placeholder={t('terminals.endSn')}
            value={value.endSn}
            onChange={(v) => set({ endSn: v })}
            clearable
            aria-label={t('terminals.endSn')}
            data-testid="end-sn"
          />
        </div>
      )}
      {value.mode === 'list' && (
        <TextArea
          placeholder={t('terminals.pastePh')}
          value={value.listText}
          onChange={(v) => set({ listText: v })}
          rows={5}
          aria-label={t('terminals.pastePh')}
          data-testid="sn-list"
        />
      )}
      {value.mode === 'scan' && (
        <div>
          <CameraScanner onDetected={onScan} continuous />
          <SnChips
            sns={value.scanned}
            onRemove={(sn) => set({ scanned: value.scanned.filter((s) => s !== sn) })}
          />
        </div>
      )}
      {value.mode === 'pick' && (
        <div>
          <Button
            block
            fill="outline"
            color="primary"
            onClick={() => setPicking(true)}
            data-testid="open-picker"
          >
            {t('terminals.pickFromList')}
          </Button>
          <SnChips
            sns={value.picked}
            onRemove={(sn) => set({ picked: value.picked.filter((s) => s !== sn) })}
          />
          {picking && (
            <TerminalPicker
              holderAgentId={stockHolderId}
              visible={picking}
              initial={value.picked}
              onClose={() => setPicking(false)}
              onDone={(sns) => {
                set({ picked: sns.sort() });
                setPicking(false);
              }}
            />
          )}
        </div>
      )}
      {started && (
        <div
          className={`term-selection-note ${read.ok ? '' : 'is-error'}`}
          data-testid="selection-note"
        >
          {read.ok ? t('terminals.rangeCount', { n: read.count }) : read.error}
        </div>
      )}
    </div>
  );
}

function SnChips({ sns, onRemove }: { sns: string[]; onRemove: (sn: string) => void }) {
  if (!sns.length) return null;
  return (
    <div className="term-chips">
      {sns.slice(0, 60).map((sn) => (
        <Tag key={sn} round color="primary" fill="outline" onClick={() => onRemove(sn)}>
          {sn} ×
        </Tag>
      ))}
      {sns.length > 60 && <span className="term-muted">… {sns.length}</span>}
    </div>
  );
}
