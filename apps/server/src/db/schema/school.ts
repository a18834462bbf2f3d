import type { SchoolKind, SchoolSection } from '@pos/core';
import {
  bigint,
  boolean,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// Mirrors migrations/0049b_business_school.sql (the SQL file is the source of truth: the CHECKs
// on section and kind and the indexes live only there).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const big = (name: string) => bigint(name, { mode: 'number' });

export const schoolCategories = pgTable('school_categories', {
  id: big('id').primaryKey().generatedByDefaultAsIdentity(),
  section: text('section').$type<SchoolSection>().notNull(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  shown: boolean('shown').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const schoolItems = pgTable('school_items', {
  id: big('id').primaryKey().generatedByDefaultAsIdentity(),
  categoryId: big('category_id').notNull(),
  section: text('section').$type<SchoolSection>().notNull(),
  kind: text('kind').$type<SchoolKind>().notNull(),
  title: text('title').notNull(),
  summary: text('summary').notNull().default(''),
  body: text('body').notNull().default(''),
  coverUrl: text('cover_url').notNull().default(''),
  images: text('images').array().notNull().default([]),
  videoUrl: text('video_url').notNull().default(''),
  shown: boolean('shown').notNull().default(true),
  publishedBy: big('published_by').notNull(),
  publishedAt: ts('published_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
});

export const schoolFavourites = pgTable(
  'school_favourites',
  {
    agentId: big('agent_id').notNull(),
    topId: big('top_id').notNull(),
    itemId: big('item_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.itemId] })],
);

export const schoolDownloads = pgTable('school_downloads', {
  id: big('id').primaryKey().generatedByDefaultAsIdentity(),
  agentId: big('agent_id').notNull(),
  topId: big('top_id').notNull(),
  itemId: big('item_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
