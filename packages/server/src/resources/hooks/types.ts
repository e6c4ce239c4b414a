import type { RecursoDef } from '@retaguarda/domain';
import type { Transaction } from '../../db/client.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import type { Registro } from '../record.ts';

export interface HookContext {
  tx: Transaction;
  sessao: SessaoRequest;
  def: RecursoDef;
  /** The record before the change; undefined on create. */
  anterior?: Registro;
}

/**
 * Entity rules plugged into the generic pipeline (create/update: beforeValidate → zod → references →
 * beforeSave → write → afterSave; trash: beforeTrash → write → afterLixo; restore: write → afterLixo). All run inside the request's tenant
 * transaction; throw HttpError to refuse.
 */
export interface ResourceHooks {
  /** The raw body (merged with the stored record on update), before the zod schema. */
  beforeValidate?(body: Record<string, unknown>, ctx: HookContext): Record<string, unknown> | Promise<Record<string, unknown>>;
  /** The validated fields, about to be written. */
  beforeSave?(dados: Record<string, unknown>, ctx: HookContext): void | Promise<void>;
  afterSave?(registro: Registro, ctx: HookContext): void | Promise<void>;
  beforeTrash?(registro: Registro, ctx: HookContext): void | Promise<void>;
  /** After a move to the trash or out of it (registro.lixo says which), e.g. to keep a projection. */
  afterLixo?(registro: Registro, ctx: HookContext): void | Promise<void>;
}
