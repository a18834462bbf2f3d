import { describe, expect, it } from 'vitest';
import { paramName, paramView } from './param-words';

describe('system parameters in words', () => {
  it('names each parameter in both languages, falling back to the server name', () => {
    expect(paramName('mall_rules', '商城规则（每台激活积分、邮费分）', 'en')).toBe('Mall rules');
    expect(paramName('mall_rules', '商城规则（每台激活积分、邮费分）', 'zh')).toBe('商城规则');
    expect(paramName('sys.other', '其他', 'en')).toBe('其他');
  });

  it('shows a JSON object as named fields with money in yuan', () => {
    expect(paramView('{"pointsPerActivation":100,"postageFen":1200}', 'zh')).toEqual({
      kind: 'fields',
      fields: [
        { key: 'pointsPerActivation', label: '每台激活积分', text: '100' },
        { key: 'postageFen', label: '邮费', text: '12.00 元' },
      ],
    });
    const en = paramView('{"minActivations":3,"perActivationFen":500}', 'en');
    expect(en).toMatchObject({ kind: 'fields' });
    expect(en.kind === 'fields' && en.fields.map((f) => `${f.label}: ${f.text}`)).toEqual([
      'Least activations in the month: 3',
      'Allowance per activation: 5.00 yuan',
    ]);
  });

  it('shows a list of objects as a table, booleans as words and plain text as written', () => {
    const levels = paramView('[{"level":1,"name":"V1"},{"level":2,"name":"V2"}]', 'en');
    expect(levels).toEqual({
      kind: 'table',
      columns: [
        { key: 'level', label: 'Level' },
        { key: 'name', label: 'Name' },
      ],
      rows: [
        { level: '1', name: 'V1' },
        { level: '2', name: 'V2' },
      ],
    });
    expect(paramView('true', 'zh')).toEqual({ kind: 'text', text: '是' });
    expect(paramView('1.1.2', 'en')).toEqual({ kind: 'text', text: '1.1.2' });
    expect(paramView('400-820-8899', 'en')).toEqual({ kind: 'text', text: '400-820-8899' });
  });
});
