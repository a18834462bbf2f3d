import { ENUMS, isEnumTypeName, type DictData, type EnumOption } from '@pos/core';

/**
 * The options of a display enumeration as RuoYi dictionary rows. The enumerations live in core
 * (the app ships them too), so this reads no table; an unknown type is simply an empty list.
 */
export function listDictData(type: string): DictData[] {
  if (!isEnumTypeName(type)) return [];
  const options: readonly EnumOption<number>[] = ENUMS[type];
  return options.map((o, i) => ({
    dictType: type,
    dictValue: String(o.value),
    dictLabel: o.zh,
    dictLabelEn: o.en,
    dictSort: i + 1,
  }));
}
