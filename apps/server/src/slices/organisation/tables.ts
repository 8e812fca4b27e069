// Regions (province types), campuses (school items), cities and city ranks.
import { integer, pgTable, serial, text, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { audit } from '../../db/columns.js';

export const cityRanks = pgTable('city_ranks', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  validStatus: integer('valid_status').notNull().default(1),
  sort: integer('sort').notNull().default(0),
  ...audit,
});

export const cities = pgTable('cities', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  rankCode: text('rank_code'),
  /** Administrative division code (GB/T 2260) of the city, when it is a real city. */
  divisionCode: text('division_code'),
  /** The business region the city belongs to: its campuses must be in it (null: not assigned yet). */
  provinceTypeCode: text('province_type_code'),
  validStatus: integer('valid_status').notNull().default(1),
  sort: integer('sort').notNull().default(0),
  ...audit,
});

export const provinceTypes = pgTable('province_types', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  validStatus: integer('valid_status').notNull().default(1),
  sort: integer('sort').notNull().default(0),
  ...audit,
});

export const schoolItems = pgTable(
  'school_items',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    /** The name's pinyin sort key, kept by a database trigger (docs/decisions.md, pinyin order). */
    namePy: text('name_py').notNull().default(''),
    provinceTypeCode: text('province_type_code').notNull(),
    cityCode: text('city_code'),
    businessTypeCode: text('business_type_code'),
    address: text('address'),
    phone: text('phone'),
    validStatus: integer('valid_status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    ...audit,
  },
  (t) => [
    index('school_items_province_idx').on(t.provinceTypeCode),
    uniqueIndex('school_items_name_uq').on(t.name),
  ],
);
