import { Button } from 'antd-mobile';
import { createErrorBlock } from 'antd-mobile/es/components/error-block/create-error-block';
import { defaultImage } from 'antd-mobile/es/components/error-block/images/default';
import { useTranslation } from '@/lib/i18n';

/**
 * The kit's ErrorBlock with the one picture this view shows (its default). The kit's own carries
 * all four of its pictures, about 6 KB of brotli JavaScript more on every page that can show a
 * load error, the terminal and data tabs among them (issue 35).
 */
const ErrorBlock = createErrorBlock({
  default: defaultImage,
  disconnected: defaultImage,
  empty: defaultImage,
  busy: defaultImage,
});

/** What a page shows when its data could not be loaded: the reason and a retry button. */
export function LoadError({ error, onRetry }: { error?: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const description =
    error instanceof Error && error.message ? error.message : t('common.loadFailed');
  return (
    <ErrorBlock
      status="default"
      title={t('common.loadFailed')}
      description={description}
      data-testid="load-error"
    >
      <Button color="primary" size="small" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </ErrorBlock>
  );
}
