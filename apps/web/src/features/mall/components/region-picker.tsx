import { CascadePicker, type CascadePickerOption } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';

export interface Region {
  province: string;
  city: string;
  district: string;
}

type AreaData = Record<string, Record<string, string>>;

/**
 * Province / city / district options from the china-area-data package (loaded with this page
 * only). A city without districts offers itself as its one district, so every address has all
 * three parts.
 */
export function buildRegionOptions(data: AreaData): CascadePickerOption[] {
  const level = (code: string) => Object.entries(data[code] ?? {});
  return level('86').map(([pCode, province]) => ({
    label: province,
    value: province,
    children: level(pCode).map(([cCode, city]) => {
      const districts = level(cCode);
      return {
        label: city,
        value: city,
        children: (districts.length ? districts.map(([, d]) => d) : [city]).map((d) => ({
          label: d,
          value: d,
        })),
      };
    }),
  }));
}

let loaded: Promise<CascadePickerOption[]> | null = null;
const loadRegions = () =>
  (loaded ??= import('china-area-data/data.json').then((m) =>
    buildRegionOptions(m.default as AreaData),
  ));

/** A field that opens a province / city / district wheel. */
export function RegionPicker({
  value,
  onChange,
  visible,
  onClose,
}: {
  value: Region | null;
  onChange: (r: Region) => void;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<CascadePickerOption[] | null>(null);
  useEffect(() => {
    if (visible && !options) void loadRegions().then(setOptions);
  }, [visible, options]);
  return (
    <CascadePicker
      title={t('mall.region')}
      options={options ?? []}
      loading={!options}
      visible={visible}
      onClose={onClose}
      value={value ? [value.province, value.city, value.district] : []}
      onConfirm={(v) => {
        const [province, city, district] = v as string[];
        if (province && city && district) onChange({ province, city, district });
      }}
    />
  );
}
