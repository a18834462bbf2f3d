/**
 * Operators' roles and permissions (the console, issue 10). The server checks one permission on
 * every /prod-api/admin call; the console shows a menu entry only when the operator's role holds
 * its permission. Both read this table, so they cannot disagree.
 */
export const PERMISSIONS = [
  /** The money dashboard (today's and the month's figures); never the content role's. */
  'dashboard:view',
  /** The dictionaries the app reads (read-only reference data). */
  'dict:view',
  'withdrawal:view',
  'withdrawal:review',
  'withdrawal:pay',
  /** See unmasked ID card and bank card numbers (each reveal is audited). */
  'pii:reveal',
  'agent:view',
  'agent:manage',
  'terminal:view',
  'terminal:import',
  /** Reclaim, delete and re-brand terminals in any tree. */
  'terminal:manage',
  'policy:view',
  'policy:manage',
  'merchant:review',
  'content:view',
  'content:publish',
  /**
   * Make a hot update live: its code then runs in every agent's app, with the agent's token and
   * pay-password screens. Never the content role's; a second operator approves what one uploaded.
   */
  'hot_update:publish',
  'ledger:view',
  'ledger:adjust',
  'ledger:approve',
  /** Attach a flagged notification to its terminal so that it settles. */
  'transaction:attach',
  /** Acquirer channels: their settings (keys masked) and the refused and flagged pushes. */
  'channel:view',
  /** Propose and approve (another operator's) channel changes; replay a stored push. */
  'channel:manage',
  /**
   * Propose and approve (another operator's) tax channel changes: the fee and taxes withdrawals
   * pay. The channels themselves are read with withdrawal:view.
   */
  'tax_channel:manage',
  'job:view',
  'job:run',
  /** The purchase mall: products and orders (view), and pricing, shipping, cancelling (manage). */
  'mall:view',
  'mall:manage',
  'audit:view',
  /** Read the simulated SMS gateway's codes (each read is audited); only while it is in use. */
  'sms:view',
  /** Support tickets (客服工单): the queue, each ticket and the images agents attached. */
  'ticket:view',
  /** Assign, reply to and close support tickets. */
  'ticket:handle',
  'operator:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['super_admin', 'operations', 'finance', 'content'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  super_admin: PERMISSIONS,
  operations: [
    'dashboard:view',
    'dict:view',
    'agent:view',
    'agent:manage',
    'terminal:view',
    'terminal:import',
    'terminal:manage',
    'policy:view',
    'policy:manage',
    'merchant:review',
    'job:view',
    'mall:view',
    'mall:manage',
    'audit:view',
    'channel:view',
    'channel:manage',
    'ticket:view',
    'ticket:handle',
  ],
  finance: [
    'dashboard:view',
    'dict:view',
    'withdrawal:view',
    'withdrawal:review',
    'withdrawal:pay',
    'pii:reveal',
    'agent:view',
    'policy:view',
    'ledger:view',
    'ledger:adjust',
    'ledger:approve',
    'transaction:attach',
    'channel:view',
    'tax_channel:manage',
    'job:view',
    'job:run',
    'mall:view',
    'audit:view',
  ],
  // No money dashboard for content staff (issue 28): their console opens on their own pages.
  content: ['dict:view', 'content:view', 'content:publish'],
};

export const roleLabels: Record<Role, { zh: string; en: string }> = {
  super_admin: { zh: '超级管理员', en: 'Super admin' },
  operations: { zh: '运营', en: 'Operations' },
  finance: { zh: '财务', en: 'Finance' },
  content: { zh: '内容', en: 'Content' },
};

export function hasPermission(role: string, permission: Permission): boolean {
  return (ROLE_PERMISSIONS[role as Role] ?? []).includes(permission);
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}
