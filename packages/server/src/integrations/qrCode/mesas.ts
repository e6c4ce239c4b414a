import { findRecurso, recursos, type ConfigQrCode, type MesaQrCode } from '@retaguarda/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { qrCodeConfig, qrMesa, registro } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { newSecret } from '../../session/tokens.ts';

export interface Loja {
  grupoEmpresarial: string;
  empresa: string;
}

export interface MesaLida extends MesaQrCode {
  _id: string;
  token: string;
  version: number;
}

export interface ConfigLida extends ConfigQrCode {
  version: number;
}

/** 18 random bytes, URL-safe (24 characters): short enough for a QR code a phone reads from a table, never guessed. */
export const novoToken = (): string => newSecret().slice(0, 24);

const mesaLida = (m: typeof qrMesa.$inferSelect): MesaLida => ({ _id: m.id, numero: m.numero, nome: m.nome, area: m.area, ativo: m.ativo, token: m.token, version: m.version });

export async function lerConfig(tx: Transaction, l: Loja): Promise<ConfigLida | null> {
  const [c] = await tx.select().from(qrCodeConfig).where(and(eq(qrCodeConfig.grupoEmpresarialId, l.grupoEmpresarial), eq(qrCodeConfig.empresaId, l.empresa)));
  if (!c?.cardapioId) return null;
  return { cardapio: c.cardapioId, tabelaVenda: c.tabelaVendaId, taxaServico: c.taxaServico, ativo: c.ativo, version: c.version };
}

export async function lerMesas(tx: Transaction, l: Loja): Promise<MesaLida[]> {
  const linhas = await tx
    .select()
    .from(qrMesa)
    .where(and(eq(qrMesa.grupoEmpresarialId, l.grupoEmpresarial), eq(qrMesa.empresaId, l.empresa), eq(qrMesa.lixo, false)))
    .orderBy(asc(qrMesa.numero));
  return linhas.map(mesaLida);
}

/** The menu and price table must be this company's, live: 400 naming the field otherwise. */
async function conferirReferencia(tx: Transaction, l: Loja, recurso: 'cardapio' | 'tabelaVenda', id: string, campo: string): Promise<void> {
  const def = findRecurso(recurso)!;
  const [row] = await tx
    .select({ id: registro.id })
    .from(registro)
    .where(and(eq(registro.grupoEmpresarialId, l.grupoEmpresarial), eq(registro.recurso, def.nome), eq(registro.empresaId, l.empresa), eq(registro.id, id), eq(registro.lixo, false)));
  if (!row) throw new HttpError(400, `${campo}: ${def.rotulo.toLowerCase()} não encontrado nesta empresa.`, {}, { [recurso]: 'Não encontrado nesta empresa.' });
}

/** Saves the company's setup (one per company); `version` is the one read (409 when someone saved since). */
export async function salvarConfig(tx: Transaction, l: Loja, c: ConfigQrCode, version: number | null): Promise<ConfigLida> {
  await conferirReferencia(tx, l, 'cardapio', c.cardapio, 'Cardápio');
  if (c.tabelaVenda) await conferirReferencia(tx, l, 'tabelaVenda', c.tabelaVenda, 'Tabela de preços');
  const valores = { cardapioId: c.cardapio, tabelaVendaId: c.tabelaVenda, taxaServico: c.taxaServico, ativo: c.ativo };
  const atual = await tx.select({ version: qrCodeConfig.version }).from(qrCodeConfig).where(and(eq(qrCodeConfig.grupoEmpresarialId, l.grupoEmpresarial), eq(qrCodeConfig.empresaId, l.empresa)));
  if (!atual.length) {
    await tx.insert(qrCodeConfig).values({ grupoEmpresarialId: l.grupoEmpresarial, empresaId: l.empresa, ...valores });
    return { ...c, version: 1 };
  }
  const [salvo] = await tx
    .update(qrCodeConfig)
    .set({ ...valores, version: sql`${qrCodeConfig.version} + 1` })
    .where(and(eq(qrCodeConfig.grupoEmpresarialId, l.grupoEmpresarial), eq(qrCodeConfig.empresaId, l.empresa), eq(qrCodeConfig.version, version ?? -1)))
    .returning({ version: qrCodeConfig.version });
  if (!salvo) throw new HttpError(409, 'A configuração do QR Code foi alterada por outra pessoa. Recarregue a tela.');
  return { ...c, version: salvo.version };
}

const numeroRepetido = (numero: number) => new HttpError(409, `Número: já existe a mesa ${numero} nesta loja.`, {}, { numero: 'Já existe uma mesa com este número.' });
const ehUnico = (e: unknown) => (e as { code?: string; cause?: { code?: string } }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505';

async function numeroLivre(tx: Transaction, l: Loja, numero: number, exceto?: string): Promise<void> {
  const [outra] = await tx
    .select({ id: qrMesa.id })
    .from(qrMesa)
    .where(and(eq(qrMesa.grupoEmpresarialId, l.grupoEmpresarial), eq(qrMesa.empresaId, l.empresa), eq(qrMesa.numero, numero), eq(qrMesa.lixo, false)));
  if (outra && outra.id !== exceto) throw numeroRepetido(numero);
}

export async function criarMesa(tx: Transaction, l: Loja, m: MesaQrCode): Promise<MesaLida> {
  await numeroLivre(tx, l, m.numero);
  try {
    const [nova] = await tx.insert(qrMesa).values({ grupoEmpresarialId: l.grupoEmpresarial, empresaId: l.empresa, ...m, token: novoToken() }).returning();
    return mesaLida(nova!);
  } catch (e) {
    if (ehUnico(e)) throw numeroRepetido(m.numero);
    throw e;
  }
}

/** Changes a table (its token stays: the printed QR keeps working), or with `trocarToken` gives it a new one. */
export async function alterarMesa(tx: Transaction, l: Loja, id: string, mudanca: Partial<MesaQrCode> & { lixo?: boolean; trocarToken?: boolean }, version: number): Promise<MesaLida> {
  if (mudanca.numero !== undefined) await numeroLivre(tx, l, mudanca.numero, id);
  const { trocarToken, ...campos } = mudanca;
  const [salva] = await tx
    .update(qrMesa)
    .set({ ...campos, ...(trocarToken ? { token: novoToken() } : {}), version: sql`${qrMesa.version} + 1` })
    .where(and(eq(qrMesa.grupoEmpresarialId, l.grupoEmpresarial), eq(qrMesa.empresaId, l.empresa), eq(qrMesa.id, id), eq(qrMesa.lixo, false), eq(qrMesa.version, version)))
    .returning();
  if (salva) return mesaLida(salva);
  const [existe] = await tx.select({ id: qrMesa.id }).from(qrMesa).where(and(eq(qrMesa.grupoEmpresarialId, l.grupoEmpresarial), eq(qrMesa.empresaId, l.empresa), eq(qrMesa.id, id), eq(qrMesa.lixo, false)));
  if (!existe) throw new HttpError(404, 'Mesa não encontrada.');
  throw new HttpError(409, 'Esta mesa foi alterada por outra pessoa. Recarregue a tela.');
}

/** What the public page knows of its table: found by the token alone, so read as the owner (like a terminal's credential). */
export interface MesaPublica extends Loja {
  mesa: string;
  numero: number;
  nome: string;
  area: string;
  mesaAtiva: boolean;
}

const MESA_NAO_ENCONTRADA = 'Mesa não encontrada: leia de novo o QR Code da mesa.';

export async function mesaPorToken(db: Database, token: string): Promise<MesaPublica> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) throw new HttpError(404, MESA_NAO_ENCONTRADA);
  const [m] = await db
    .select({ grupoEmpresarial: qrMesa.grupoEmpresarialId, empresa: qrMesa.empresaId, mesa: qrMesa.id, numero: qrMesa.numero, nome: qrMesa.nome, area: qrMesa.area, mesaAtiva: qrMesa.ativo })
    .from(qrMesa)
    .where(and(eq(qrMesa.token, token), eq(qrMesa.lixo, false)));
  if (!m) throw new HttpError(404, MESA_NAO_ENCONTRADA);
  return m;
}

/** The company's name for the page's header. */
export async function nomeDaLoja(tx: Transaction, l: Loja): Promise<string> {
  const [e] = await tx
    .select({ dados: registro.dados })
    .from(registro)
    .where(and(eq(registro.grupoEmpresarialId, l.grupoEmpresarial), eq(registro.recurso, 'empresa'), eq(registro.id, l.empresa)));
  const d = (e?.dados ?? {}) as { nomeFantasia?: string; razaoSocial?: string };
  return d.nomeFantasia || d.razaoSocial || '';
}

/** The group's time zone (its configuracoes), for what applies "now" in the store. */
export async function fusoDoGrupo(tx: Transaction, grupo: string): Promise<string> {
  const [g] = await tx.select({ fuso: sql<string | null>`${registro.dados}->'configuracoes'->>'fusoHorario'` }).from(registro).where(and(eq(registro.grupoEmpresarialId, grupo), eq(registro.recurso, 'grupoEmpresarial'), eq(registro.id, grupo)));
  return g?.fuso ?? 'America/Sao_Paulo';
}

/** The price table of the setup, when it has one and it is in use (whether it applies now is the domain's call). */
export async function tabelaDaConfig(tx: Transaction, l: Loja, id: string | null) {
  if (!id) return null;
  const [row] = await tx
    .select({ dados: registro.dados })
    .from(registro)
    .where(and(eq(registro.grupoEmpresarialId, l.grupoEmpresarial), eq(registro.recurso, 'tabelaVenda'), eq(registro.empresaId, l.empresa), eq(registro.id, id), eq(registro.lixo, false)));
  if (!row) return null;
  return recursos.tabelaVenda.schema.parse(row.dados);
}
