import { LAZY_LOADING_DELAY_MS } from '@pos/core';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { useEffect, useState } from 'react';

/** Shows a loading view only when loading takes longer than the spec's 200 ms. */
export function DelayedLoading({ delayMs = LAZY_LOADING_DELAY_MS }: { delayMs?: number }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(t);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <DotLoading color="primary" />
    </div>
  );
}
