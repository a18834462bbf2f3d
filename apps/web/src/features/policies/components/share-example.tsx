import { formatMoney, sharePpmToPercentText, splitAdjustmentIncome } from '@pos/core';
import { useTranslation } from '@/lib/i18n';

/**
 * What 100 yuan of adjustment income reaching the parent becomes at a pass-down share, told from
 * the parent's side (what it keeps and passes) or the child's (what reaches it).
 */
export function ShareExample({
  passPpm,
  side = 'parent',
}: {
  passPpm: number;
  side?: 'parent' | 'child';
}) {
  const { t } = useTranslation();
  const [keep, pass] = splitAdjustmentIncome(10_000, [passPpm]);
  const yuan = (fen: number | undefined) => formatMoney(fen ?? 0);
  return (
    <div className="pol-muted" data-testid="share-example">
      {side === 'child' ? (
        t('policies.exampleReceived', { pass: yuan(pass) })
      ) : (
        <>
          {t('policies.example')}（{sharePpmToPercentText(passPpm)}）：
          {t('policies.exampleSplit', { keep: yuan(keep), pass: yuan(pass) })}
        </>
      )}
    </div>
  );
}
