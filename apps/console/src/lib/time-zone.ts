/**
 * The one name the console gives its time zone (Asia/Shanghai, the zone the app and the CSV
 * exports use), in both languages: every time column and time field says it the same way.
 */
export const TIME_ZONE_LABEL = { zh: '北京时间', en: 'Beijing time' } as const;

/** A time column's or field's title with the zone: '时间（北京时间）', 'Time (Beijing time)'. */
export const withZone = (title: string, lang: 'zh' | 'en') =>
  lang === 'zh' ? `${title}（${TIME_ZONE_LABEL.zh}）` : `${title} (${TIME_ZONE_LABEL.en})`;
