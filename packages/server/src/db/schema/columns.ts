import { boolean, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { newId } from '../../ids.ts';

/** Columns every row carries (ARCHITECTURE.md §Data): id, timestamps and the optimistic-lock version. */
export const rowColumns = {
  id: text('id').notNull().$defaultFn(() => newId()),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
  version: integer('version').notNull().default(1),
};

/** Soft delete for records users manage: nothing is hard-deleted from the UI. */
export const lixoColumn = { lixo: boolean('lixo').notNull().default(false) };

/** Tenant key; part of every primary and unique key so the schema can be distributed by it. */
export const tenantColumn = { grupoEmpresarialId: text('grupo_empresarial_id').notNull() };
