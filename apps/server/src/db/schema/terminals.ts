import {
  bigint,
  customType,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

// Mirrors migrations/0002_terminals.sql; the SQL file is the source of truth for the database
// (collations, partial indexes and the stock-count triggers live only there).
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const big = (name: string) => bigint(name, { mode: 'number' });
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export const brands = pgTable('brands', {
  id: id(),
  name: text('name').notNull().unique(),
  models: text('models').array().notNull().default([]),
  sort: integer('sort').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type BrandRow = typeof brands.$inferSelect;

export const policies = pgTable('policies', {
  id: id(),
  brandId: big('brand_id').notNull(),
  name: text('name').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const merchants = pgTable('merchants', {
  id: id(),
  merchantNo: varchar('merchant_no', { length: 20 }).notNull().unique(),
  name: text('name').notNull(),
  legalName: text('legal_name').notNull(),
  mobile: varchar('mobile', { length: 11 }).notNull(),
  address: text('address').notNull().default(''),
  agentId: big('agent_id').notNull(),
  agentPath: text('agent_path').notNull(),
  topId: big('top_id').notNull(),
  status: smallint('status').notNull().default(0),
  /** 1 = under review: the console's queue, read and counted by merchants_licence_review_idx (0033). */
  licenceStatus: smallint('licence_status').notNull().default(0),
  licenceNo: text('licence_no'),
  licenceName: text('licence_name'),
  licenceAddress: text('licence_address'),
  licenceValidTo: text('licence_valid_to'),
  businessScope: text('business_scope'),
  licenceFileId: big('licence_file_id'),
  licenceReason: text('licence_reason'),
  licenceSubmittedAt: ts('licence_submitted_at'),
  identifyStatus: smallint('identify_status').notNull().default(0),
  idCardEnc: text('id_card_enc'),
  idCardMasked: text('id_card_masked'),
  idFrontFileId: big('id_front_file_id'),
  idBackFileId: big('id_back_file_id'),
  identifyReason: text('identify_reason'),
  /** When an operator reviewed a refused identification (null: not reviewed, or resubmitted since). */
  identifyReviewedAt: ts('identify_reviewed_at'),
  identifiedAt: ts('identified_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type MerchantRow = typeof merchants.$inferSelect;

export const merchantFiles = pgTable('merchant_files', {
  id: id(),
  merchantId: big('merchant_id').notNull(),
  kind: text('kind').$type<'licence' | 'id_front' | 'id_back' | 'shop'>().notNull(),
  mime: text('mime').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  data: bytea('data').notNull(),
  uploadedBy: big('uploaded_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const terminals = pgTable('terminals', {
  id: id(),
  sn: text('sn').notNull().unique(),
  brandId: big('brand_id').notNull(),
  model: text('model').notNull(),
  policyId: big('policy_id'),
  holderAgentId: big('holder_agent_id'),
  holderPath: text('holder_path').notNull().default(''),
  topId: big('top_id'),
  serviceFeeFen: big('service_fee_fen').notNull().default(0),
  commFeeFen: big('comm_fee_fen').notNull().default(0),
  bindStatus: smallint('bind_status').notNull().default(0),
  merchantId: big('merchant_id'),
  boundAt: ts('bound_at'),
  activatedAt: ts('activated_at'),
  pendingOperationId: big('pending_operation_id'),
  deletedAt: ts('deleted_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type TerminalRow = typeof terminals.$inferSelect;

export const terminalOperations = pgTable('terminal_operations', {
  id: id(),
  type: smallint('type').notNull(),
  status: smallint('status').notNull(),
  operatorId: big('operator_id').notNull(),
  fromAgentId: big('from_agent_id'),
  toAgentId: big('to_agent_id'),
  merchantId: big('merchant_id'),
  topId: big('top_id'),
  count: integer('count').notNull(),
  firstSn: text('first_sn'),
  lastSn: text('last_sn'),
  reason: text('reason').notNull().default(''),
  decisionReason: text('decision_reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
  decidedAt: ts('decided_at'),
  autoPassAt: ts('auto_pass_at'),
});
export type TerminalOperationRow = typeof terminalOperations.$inferSelect;

export const terminalOperationItems = pgTable(
  'terminal_operation_items',
  {
    operationId: big('operation_id').notNull(),
    terminalId: big('terminal_id').notNull(),
    sn: text('sn').notNull(),
  },
  (t) => [primaryKey({ columns: [t.operationId, t.sn] })],
);

export const terminalStockCounts = pgTable(
  'terminal_stock_counts',
  {
    holderPath: text('holder_path').notNull(),
    brandId: big('brand_id').notNull(),
    bindStatus: smallint('bind_status').notNull(),
    n: big('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.holderPath, t.brandId, t.bindStatus] })],
);
