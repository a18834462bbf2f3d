import { formatDate, schoolKindLabel, type SchoolItem } from '@pos/core';
import { Image, Tag } from 'antd-mobile';
import { absoluteUrl } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { useLang } from '@/lib/use-lang';

/** One item of a list: its picture, kind, title and summary. */
export function SchoolCard({ item, onOpen }: { item: SchoolItem; onOpen: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const picture = item.coverUrl || item.images[0] || '';
  return (
    <button type="button" className="school-card" onClick={onOpen} data-testid="school-card">
      {picture ? (
        <Image
          className="school-card-cover"
          src={absoluteUrl(picture)}
          width={96}
          height={72}
          fit="cover"
        />
      ) : (
        <div className="school-card-cover school-card-kind">{schoolKindLabel(item.kind, lang)}</div>
      )}
      <div className="school-card-text">
        <div className="school-card-title">{item.title}</div>
        {item.summary && <div className="school-card-summary">{item.summary}</div>}
        <div className="school-card-foot">
          <Tag color="primary" fill="outline">
            {schoolKindLabel(item.kind, lang)}
          </Tag>
          <span>{formatDate(item.publishedAt, 'yyyy-mm-dd')}</span>
          {item.favourite && <span className="school-fav-mark">★ {t('school.favourited')}</span>}
        </div>
      </div>
    </button>
  );
}
