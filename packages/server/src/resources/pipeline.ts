import { findRecurso, mensagens, type RecursoDef } from '@retaguarda/domain';
import type { Database, Transaction } from '../db/client.ts';
import { withTenant } from '../db/tenant.ts';
import { HttpError } from '../plugins/envelope.ts';
import { avisarSessoes, RECURSOS_DA_SESSAO } from '../session/cacheSessoes.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { valoresNoCaminho } from './fields.ts';
import { hooksDe, type HookContext } from './hooks/index.ts';
import { naoEncontrado, toRegistro, type Registro } from './record.ts';
import { findById, findMany, insert, setLixo, update } from './repository.ts';
import { duplicado } from './uniqueIndexes.ts';
import { ValidacaoError } from './validacao.ts';

import { camposDoZod } from './validacao.ts';
export { ValidacaoError } from './validacao.ts';

function validar(def: RecursoDef, body: Record<string, unknown>): Record<string, unknown> {
  const result = def.schema.safeParse(body);
  if (result.success) return result.data as Record<string, unknown>;
  throw new ValidacaoError(def, camposDoZod(result.error.issues, '_'));
}

/** The declaration's rules across fields, after the schema. */
function verificarRegras(def: RecursoDef, dados: Record<string, unknown>) {
  const campos: Record<string, string> = {};
  for (const { campo, mensagem } of def.regras?.(dados) ?? []) campos[campo] ??= mensagem;
  if (Object.keys(campos).length) throw new ValidacaoError(def, campos);
}

/**
 * Each relation (dotted paths and lista items too) must point to a record of its resource that the
 * session sees, not in the trash; a `referencias` field (array of ids) to one for every id. A missing
 * one is named by its concrete path ('membros.1.pessoa').
 */
async function verificarReferencias(tx: Transaction, def: RecursoDef, s: SessaoRequest, dados: Record<string, unknown>) {
  const campos: Record<string, string> = {};
  for (const [campo, alvo] of Object.entries((def.relacoes ?? {}) as Record<string, string>)) {
    const alvoDef = findRecurso(alvo);
    const ocorrencias = valoresNoCaminho(dados, campo).filter((o) => o.valor !== null && o.valor !== undefined);
    if (!alvoDef || !ocorrencias.length) continue;
    const idsDe = (valor: unknown) => (Array.isArray(valor) ? valor : [valor]).map(String);
    const achados = new Set((await findMany(tx, alvoDef, s, [...new Set(ocorrencias.flatMap((o) => idsDe(o.valor)))], true)).map((r) => r.id));
    for (const o of ocorrencias) if (idsDe(o.valor).some((id) => !achados.has(id))) campos[o.caminho] ??= naoEncontrado(alvoDef);
  }
  if (Object.keys(campos).length) throw new ValidacaoError(def, campos);
}

/**
 * After every write of a record (create, update, trash, restore): users, access profiles, companies
 * and the group are what sessions resolve, so the group's cached sessions are dropped on COMMIT, in
 * every server process.
 */
async function gravado(tx: Transaction, def: RecursoDef, s: SessaoRequest): Promise<void> {
  if (RECURSOS_DA_SESSAO.has(def.nome)) await avisarSessoes(tx, { grupoEmpresarial: s.grupoEmpresarial });
}

/** Runs tenant work and turns a unique violation of the catalogue's indexes into its 409. */
export async function escrever<T>(db: Database, s: SessaoRequest, dados: () => Record<string, unknown>, work: (tx: Transaction) => Promise<T>) {
  try {
    return await withTenant(db, s, work);
  } catch (error) {
    throw duplicado(error, dados()) ?? error;
  }
}

/** One create inside the caller's transaction; `onDados` sees the validated fields (for a 409's message). */
async function criarNa(
  tx: Transaction,
  def: RecursoDef,
  s: SessaoRequest,
  body: Record<string, unknown>,
  preparado: Record<string, unknown>,
  onDados: (d: Record<string, unknown>) => void,
) {
  const hooks = hooksDe(def.nome);
  const ctx: HookContext = { tx, sessao: s, def, preparado };
  const dados = validar(def, hooks.beforeValidate ? await hooks.beforeValidate(body, ctx) : body);
  onDados(dados);
  verificarRegras(def, dados);
  await verificarReferencias(tx, def, s, dados);
  await hooks.beforeSave?.(dados, ctx);
  const registro = toRegistro(await insert(tx, def, s, dados));
  await hooks.afterSave?.(registro, ctx);
  await gravado(tx, def, s);
  return registro;
}

/**
 * The create pipeline inside a transaction the caller holds, so one call can create records of
 * several resources at once (empresaSimplificado). `atual.dados` gets the validated fields (409 message).
 */
export function criarNaTransacao(tx: Transaction, def: RecursoDef, s: SessaoRequest, body: Record<string, unknown>, atual: { dados: Record<string, unknown> } = { dados: {} }) {
  // No prepare here: its slow work must happen before a transaction opens (resources with one, like
  // usuario, are not created this way).
  return criarNa(tx, def, s, body, {}, (d) => (atual.dados = d));
}

export async function criar(db: Database, def: RecursoDef, s: SessaoRequest, body: Record<string, unknown>): Promise<Registro> {
  const prepare = hooksDe(def.nome).prepare;
  const preparado = prepare ? await prepare(body, { sessao: s, def }) : {};
  let dados: Record<string, unknown> = {};
  return escrever(db, s, () => dados, (tx) => criarNa(tx, def, s, body, preparado, (d) => (dados = d)));
}

/**
 * Several records in one transaction: all are written or none (the first refusal ends it, with the
 * message of that record). Used by batch generation (vouchers).
 */
export async function criarVarios(db: Database, def: RecursoDef, s: SessaoRequest, corpos: Record<string, unknown>[]): Promise<Registro[]> {
  const prepare = hooksDe(def.nome).prepare;
  const preparados = await Promise.all(corpos.map((body) => (prepare ? prepare(body, { sessao: s, def }) : {})));
  let dados: Record<string, unknown> = {};
  return escrever(db, s, () => dados, async (tx) => {
    const registros: Registro[] = [];
    for (const [i, body] of corpos.entries()) registros.push(await criarNa(tx, def, s, body, preparados[i]!, (d) => (dados = d)));
    return registros;
  });
}

/** Everything an update checks (version, hooks, schema, rules, references, beforeSave), without writing. */
async function validarAlteracao(tx: Transaction, def: RecursoDef, s: SessaoRequest, id: string, body: Record<string, unknown>, preparado: Record<string, unknown>, onDados: (d: Record<string, unknown>) => void) {
  const hooks = hooksDe(def.nome);
  const version = body.version;
  if (typeof version !== 'number' || !Number.isInteger(version)) throw new ValidacaoError(def, { version: 'Informe a versão lida do registro.' });
  const row = await findById(tx, def, s, id);
  if (!row) throw new HttpError(404, naoEncontrado(def));
  if (row.version !== version) throw new HttpError(409, mensagens.versaoDesatualizada);
  const ctx: HookContext = { tx, sessao: s, def, anterior: toRegistro(row), preparado };
  const merged = { ...row.dados, ...body };
  const dados = validar(def, hooks.beforeValidate ? await hooks.beforeValidate(merged, ctx) : merged);
  onDados(dados);
  verificarRegras(def, dados);
  await verificarReferencias(tx, def, s, dados);
  await hooks.beforeSave?.(dados, ctx);
  return { dados, version, ctx };
}

/** One update inside the caller's transaction: the version read must still be the stored one (else 409). */
async function alterarNa(tx: Transaction, def: RecursoDef, s: SessaoRequest, id: string, body: Record<string, unknown>, preparado: Record<string, unknown>, onDados: (d: Record<string, unknown>) => void) {
  const { dados, version, ctx } = await validarAlteracao(tx, def, s, id, body, preparado, onDados);
  const updated = await update(tx, def, s, id, version, dados);
  if (!updated) throw new HttpError(409, mensagens.versaoDesatualizada);
  const registro = toRegistro(updated);
  await hooksDe(def.nome).afterSave?.(registro, ctx);
  await gravado(tx, def, s);
  return registro;
}

/**
 * The update pipeline inside a transaction the caller holds, so one call can change records of
 * several resources at once (correcaoProdutos' bulk edit and its undo). Resources with a prepare hook
 * are not changed this way (its slow work must happen before a transaction opens).
 */
export function alterarNaTransacao(tx: Transaction, def: RecursoDef, s: SessaoRequest, id: string, body: Record<string, unknown>) {
  return alterarNa(tx, def, s, id, body, {}, () => {});
}

/**
 * Whether an update would be accepted, with the refusal it would get, writing nothing: a bulk
 * edit's preview. Only for resources whose beforeSave hooks do not write (they run here).
 */
export async function simularAlteracao(tx: Transaction, def: RecursoDef, s: SessaoRequest, id: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  return (await validarAlteracao(tx, def, s, id, body, {}, () => {})).dados;
}

export async function alterar(db: Database, def: RecursoDef, s: SessaoRequest, id: string, body: Record<string, unknown>): Promise<Registro> {
  const hooks = hooksDe(def.nome);
  if (typeof body.version !== 'number' || !Number.isInteger(body.version)) throw new ValidacaoError(def, { version: 'Informe a versão lida do registro.' });
  const preparado = hooks.prepare ? await hooks.prepare(body, { sessao: s, def, id }) : {};
  let dados: Record<string, unknown> = {};
  return escrever(db, s, () => dados, (tx) => alterarNa(tx, def, s, id, body, preparado, (d) => (dados = d)));
}

/**
 * Several updates in one transaction, each with the version read: all are written or none (a stale
 * one refuses the whole batch with 409). Used by bulk grids (produtoGeralSetorEmpresa).
 */
export async function alterarVarios(db: Database, def: RecursoDef, s: SessaoRequest, mudancas: { id: string; body: Record<string, unknown> }[]): Promise<Registro[]> {
  const prepare = hooksDe(def.nome).prepare;
  const preparados = await Promise.all(mudancas.map((m) => (prepare ? prepare(m.body, { sessao: s, def, id: m.id }) : {})));
  let dados: Record<string, unknown> = {};
  return escrever(db, s, () => dados, async (tx) => {
    const registros: Registro[] = [];
    for (const [i, m] of mudancas.entries()) registros.push(await alterarNa(tx, def, s, m.id, m.body, preparados[i]!, (d) => (dados = d)));
    return registros;
  });
}

/** DELETE moves to the trash, restaurar takes it out; both bump the version. */
export async function moverLixo(db: Database, def: RecursoDef, s: SessaoRequest, id: string, lixo: boolean): Promise<Registro> {
  const hooks = hooksDe(def.nome);
  let dados: Record<string, unknown> = {};
  return escrever(db, s, () => dados, async (tx) => {
    const row = await findById(tx, def, s, id);
    if (!row) throw new HttpError(404, naoEncontrado(def));
    dados = row.dados;
    if (row.lixo === lixo) return toRegistro(row);
    const ctx: HookContext = { tx, sessao: s, def, anterior: toRegistro(row) };
    if (lixo) await hooks.beforeTrash?.(toRegistro(row), ctx);
    const changed = await setLixo(tx, def, s, id, lixo);
    if (!changed) throw new HttpError(404, naoEncontrado(def));
    const registro = toRegistro(changed);
    await hooks.afterLixo?.(registro, ctx);
    await gravado(tx, def, s);
    return registro;
  });
}

export async function ler(db: Database, def: RecursoDef, s: SessaoRequest, id: string): Promise<Registro> {
  const row = await withTenant(db, s, (tx) => findById(tx, def, s, id));
  if (!row) throw new HttpError(404, naoEncontrado(def));
  return toRegistro(row);
}
