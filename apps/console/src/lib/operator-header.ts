import { roleLabels, type Role } from '@pos/core';

/**
 * Who is signed in, as the header says it: the name and the role in words, the role only once
 * when the name is the role's own name (the demo's 超级管理员 is a super admin).
 */
export function operatorHeader(name: string, role: string, lang: 'zh' | 'en'): string {
  const labels = roleLabels[role as Role];
  const roleText = labels?.[lang] ?? role;
  const sameAsRole =
    name.trim() === role || (labels && [labels.zh, labels.en].includes(name.trim()));
  if (!name.trim() || sameAsRole) return roleText;
  return lang === 'zh' ? `${name}（${roleText}）` : `${name} (${roleText})`;
}
