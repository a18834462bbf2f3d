import { describe, expect, it } from 'vitest';
import { operatorHeader } from './operator-header';

describe('the header names the operator once', () => {
  it('says the role alone when the name is the role', () => {
    expect(operatorHeader('超级管理员', 'super_admin', 'zh')).toBe('超级管理员');
    expect(operatorHeader('超级管理员', 'super_admin', 'en')).toBe('Super admin');
  });

  it('says the name and the role in words otherwise', () => {
    expect(operatorHeader('王芳', 'finance', 'zh')).toBe('王芳（财务）');
    expect(operatorHeader('Wang Fang', 'finance', 'en')).toBe('Wang Fang (Finance)');
  });
});
