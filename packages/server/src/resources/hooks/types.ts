import type { RecursoDef } from '@retaguarda/domain';
import type { SQL } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import type { Registro } from '../record.ts';

export interface HookContext {
  tx: Transaction;
  sessao: SessaoRequest;
  def: RecursoDef;
  /** The record before the change; undefined on create. */
  anterior?: Registro;
  /** What `prepare` computed before the transaction (e.g. password hashes). */
  preparado?: Record<string, unknown>;
}

export interface PrepareContext {
  sessao: SessaoRequest;
  def: RecursoDef;
  /** The record's id on update; undefined on create. */
  id?: string;
}

/**
 * Entity rules plugged into the generic pipeline (create/update: prepare, outside the transaction;
 * then beforeValidate → zod → references → beforeSave → write → afterSave; trash: beforeTrash → write
 * → afterLixo; restore: write → afterLixo). All but prepare run inside the request's tenant
 * transaction; throw HttpError to refuse.
 */
export interface ResourceHooks {
  /**
   * Records of the tenant this session may not see at all (e.g. another user's private report):
   * a condition on `registro` added to every read, write, list and search of the resource.
   */
  visivel?(sessao: SessaoRequest): SQL;
  /**
   * Slow work on the raw body before the transaction opens (hashing must not hold the connection);
   * the result reaches the other hooks as ctx.preparado.
   */
  prepare?(body: Record<string, unknown>, ctx: PrepareContext): Promise<Record<string, unknown>>;
  /** The raw body (merged with the stored record on update), before the zod schema. */
  beforeValidate?(body: Record<string, unknown>, ctx: HookContext): Record<string, unknown> | Promise<Record<string, unknown>>;
  /** The validated fields, about to be written. */
  beforeSave?(dados: Record<string, unknown>, ctx: HookContext): void | Promise<void>;
  afterSave?(registro: Registro, ctx: HookContext): void | Promise<void>;
  beforeTrash?(registro: Registro, ctx: HookContext): void | Promise<void>;
  /** After a move to the trash or out of it (registro.lixo says which), e.g. to keep a projection. */
  afterLixo?(registro: Registro, ctx: HookContext): void | Promise<void>;
}
