import { createHash } from 'node:crypto';
import type { NotaEmitida } from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/client.ts';
import { notaFiscalEmitida } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { HttpError } from '../../plugins/envelope.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { guardarArquivo } from '../../storage/guardarArquivo.ts';
import { empresaDfe, type EmpresaDfe } from '../dfe/empresaDfe.ts';
import { SefazIndisponivel } from '../dfe/gateway.ts';
import { dhBrasilia } from '../dfe/manifestacao.ts';
import { assinarNfe } from './assinar.ts';
import type { TotaisNfe } from './impostos.ts';
import { comoNota, emitenteDe, linhaDaNota, notaEditavel, type ItemGuardado } from './notas.ts';
import { enviNFe, procNFe, type RetAutorizacao } from './retornoAutorizacao.ts';
import { montarInfNFe, type ParticipanteNfe } from './xmlNfe.ts';

/** cStat of an authorised note (150: authorised after the deadline). */
const AUTORIZADA = new Set(['100', '150']);
/** Waits of the contingency queue after each failed attempt (then every hour). */
const ESPERAS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];
export const esperaDaFila = (tentativas: number): number => ESPERAS_MS[Math.min(tentativas, ESPERAS_MS.length) - 1] ?? ESPERAS_MS[0]!;

/** The company with its A1 and gateway; a missing certificate is said in issuing's words. */
export async function empresaEmissora(ctx: Pick<AppContext, 'db' | 'chaveSegredos'>, s: SessaoRequest): Promise<EmpresaDfe> {
  try {
    return await empresaDfe(ctx, s);
  } catch (erro) {
    if (erro instanceof HttpError && erro.statusCode === 409) throw new HttpError(409, /certificado/i.test(erro.message) ? 'Envie o certificado digital A1 da empresa (Empresas → Certificado) antes de emitir NF-e.' : erro.message);
    throw erro;
  }
}

/**
 * The next number of the company's NF-e series, under a row lock on its empresaNumeroNota record: two
 * notes issued at once wait for each other, so numbers are neither repeated nor skipped (the number is
 * consumed only by the transaction that keeps it on the note).
 */
export async function proximoNumeroNfe(tx: Transaction, s: Pick<SessaoRequest, 'grupoEmpresarial' | 'empresa'>, serie: number): Promise<number> {
  const { rows } = await tx.execute<{ id: string; numero: number }>(sql`
    select id, (dados->>'proximoNumero')::bigint as numero from registro
     where grupo_empresarial_id = ${s.grupoEmpresarial} and recurso = 'empresaNumeroNota' and empresa_id = ${s.empresa} and not lixo
       and dados->>'modelo' = '55' and (dados->>'serie')::int = ${serie}
     for update`);
  const serieRow = rows[0];
  if (!serieRow) throw new HttpError(409, `Cadastre a numeração da NF-e (modelo 55, série ${serie}) em Cadastros → Numeração de notas antes de emitir.`);
  const numero = Number(serieRow.numero);
  if (numero > 999_999_999) throw new HttpError(409, `A série ${serie} da NF-e chegou ao último número; cadastre outra série.`);
  await tx.execute(sql`
    update registro set dados = jsonb_set(dados, '{proximoNumero}', to_jsonb(${numero + 1}::bigint)), version = version + 1, updated_at = now()
     where grupo_empresarial_id = ${s.grupoEmpresarial} and id = ${serieRow.id}`);
  return numero;
}

/** cNF: 8 digits of the note's id, never its number (a rule of the layout). */
function codigoNumerico(id: string, numero: number): number {
  const n = Number.parseInt(createHash('sha1').update(id).digest('hex').slice(0, 8), 16) % 100_000_000;
  return n === numero % 100_000_000 ? (n + 1) % 100_000_000 : n;
}

/**
 * Emitir: numbers a draft (or keeps the number of a rejected note), builds and signs the XML in one
 * transaction with the number, keeps the signed XML, then sends it. Nothing outside waits inside a
 * transaction: SEFAZ is called after the commit and its answer is written in another.
 */
export async function emitirNota(ctx: Pick<AppContext, 'db' | 'armazenamento' | 'chaveSegredos'>, s: SessaoRequest, id: string, empresa?: EmpresaDfe, agora: () => Date = () => new Date()): Promise<NotaEmitida> {
  const emissora = empresa ?? (await empresaEmissora(ctx, s));
  const assinada = await withTenant(ctx.db, s, async (tx) => {
    const nota = await linhaDaNota(tx, s, id, true);
    if (!notaEditavel(nota.situacao) && nota.situacao !== 'contingencia') throw new HttpError(409, nota.situacao === 'autorizada' ? 'A nota já está autorizada.' : 'A nota não pode ser emitida na situação atual.');
    const numero = nota.numero ?? (await proximoNumeroNfe(tx, s, nota.serie));
    const emit = await emitenteDe(tx, s.grupoEmpresarial, s.empresa);
    const dest = nota.destinatario as unknown as ParticipanteNfe & { referencia: string | null };
    const inf = montarInfNFe({
      tipo: nota.tipo as 'transferencia',
      naturezaOperacao: nota.naturezaOperacao,
      serie: nota.serie,
      numero,
      codigo: codigoNumerico(nota.id, numero),
      emissao: dhBrasilia(agora()),
      tpAmb: emissora.tpAmb,
      emitente: emit,
      destinatario: dest,
      itens: nota.itens as unknown as ItemGuardado[],
      totais: nota.totais as unknown as TotaisNfe,
      referencia: dest.referencia ?? null,
      informacoesComplementares: nota.informacoesComplementares,
    });
    const xml = assinarNfe(inf, emissora.chave);
    await tx
      .update(notaFiscalEmitida)
      .set({ numero, chave: inf.chave, situacao: 'assinada', emitidaEm: agora(), cStat: null, xMotivo: null, version: nota.version + 1 })
      .where(and(eq(notaFiscalEmitida.grupoEmpresarialId, s.grupoEmpresarial), eq(notaFiscalEmitida.id, id)));
    return { xml, chave: inf.chave, numero };
  });
  await guardarArquivo(ctx, s, { nome: `NFe${assinada.chave}.xml`, tipo: 'application/xml', bytes: Buffer.from(assinada.xml, 'utf8') }, (tx, arq) =>
    tx.update(notaFiscalEmitida).set({ arquivoXmlId: arq.id }).where(and(eq(notaFiscalEmitida.grupoEmpresarialId, s.grupoEmpresarial), eq(notaFiscalEmitida.id, id))),
  );
  return transmitir(ctx, s, id, assinada.xml, emissora, agora);
}

/** Sends the signed XML and records SEFAZ's answer: authorised, rejected, received for later, or the queue when SEFAZ cannot be reached. */
export async function transmitir(ctx: Pick<AppContext, 'db' | 'armazenamento'>, s: SessaoRequest, id: string, xml: string, emissora: EmpresaDfe, agora: () => Date = () => new Date()): Promise<NotaEmitida> {
  let ret: RetAutorizacao;
  try {
    ret = await emissora.gateway.autorizacao(enviNFe(xml, String(agora().getTime()).slice(-15)));
  } catch (erro) {
    if (!(erro instanceof SefazIndisponivel)) throw erro;
    return naFila(ctx, s, id, erro.message, agora);
  }
  return registrarRetorno(ctx, s, id, xml, ret, agora);
}

async function naFila(ctx: Pick<AppContext, 'db'>, s: SessaoRequest, id: string, motivo: string, agora: () => Date): Promise<NotaEmitida> {
  return withTenant(ctx.db, s, async (tx) => {
    const nota = await linhaDaNota(tx, s, id, true);
    const tentativas = nota.tentativas + 1;
    const [row] = await tx
      .update(notaFiscalEmitida)
      .set({ situacao: 'contingencia', tentativas, ultimoErro: motivo, proximaTentativaEm: new Date(agora().getTime() + esperaDaFila(tentativas)) })
      .where(and(eq(notaFiscalEmitida.grupoEmpresarialId, s.grupoEmpresarial), eq(notaFiscalEmitida.id, id)))
      .returning();
    return comoNota(row!);
  });
}

async function registrarRetorno(ctx: Pick<AppContext, 'db' | 'armazenamento'>, s: SessaoRequest, id: string, xml: string, ret: RetAutorizacao, agora: () => Date): Promise<NotaEmitida> {
  const onde = and(eq(notaFiscalEmitida.grupoEmpresarialId, s.grupoEmpresarial), eq(notaFiscalEmitida.id, id));
  if (!ret.cStat && (ret.cStatLote === '103' || ret.cStatLote === '105') && ret.recibo) {
    // Received for asynchronous processing: the queue asks NFeRetAutorizacao4 by the receipt.
    return withTenant(ctx.db, s, async (tx) => {
      const [row] = await tx.update(notaFiscalEmitida).set({ situacao: 'enviada', recibo: ret.recibo, cStat: ret.cStatLote, xMotivo: ret.xMotivoLote, proximaTentativaEm: new Date(agora().getTime() + 5_000) }).where(onde).returning();
      return comoNota(row!);
    });
  }
  const cStat = ret.cStat ?? ret.cStatLote;
  const xMotivo = ret.xMotivo ?? ret.xMotivoLote;
  if (AUTORIZADA.has(cStat) && ret.protNFe) {
    const proc = procNFe(xml, ret.protNFe);
    const [, chave] = /Id="NFe([0-9A-Z]{44})"/.exec(xml) ?? [];
    return guardarArquivo(ctx, s, { nome: `${chave}-procNFe.xml`, tipo: 'application/xml', bytes: Buffer.from(proc, 'utf8') }, async (tx, arq) => {
      const [row] = await tx
        .update(notaFiscalEmitida)
        .set({ situacao: 'autorizada', cStat, xMotivo, protocolo: ret.protocolo, autorizadaEm: ret.recebidaEm ? new Date(ret.recebidaEm) : agora(), arquivoProcId: arq.id, recibo: null, proximaTentativaEm: null, ultimoErro: null })
        .where(onde)
        .returning();
      return comoNota(row!);
    });
  }
  // Rejected: the note keeps SEFAZ's code and reason and goes back to being editable.
  return withTenant(ctx.db, s, async (tx) => {
    const [row] = await tx.update(notaFiscalEmitida).set({ situacao: 'rejeitada', cStat, xMotivo, recibo: null, proximaTentativaEm: null }).where(onde).returning();
    return comoNota(row!);
  });
}

/** The signed XML kept for a note (to send again from the queue, and to download). */
export async function xmlGuardado(ctx: Pick<AppContext, 'db' | 'armazenamento'>, s: SessaoRequest, id: string, qual: 'xml' | 'proc'): Promise<{ nome: string; bytes: Buffer } | null> {
  const achado = await withTenant(ctx.db, s, async (tx) => {
    const nota = await linhaDaNota(tx, s, id);
    const arquivoId = qual === 'proc' ? nota.arquivoProcId : nota.arquivoXmlId;
    if (!arquivoId) return null;
    const { rows } = await tx.execute<{ chave: string }>(sql`select chave from arquivo where grupo_empresarial_id = ${s.grupoEmpresarial} and id = ${arquivoId}`);
    return rows[0] ? { chaveArquivo: rows[0].chave, chave: nota.chave } : null;
  });
  if (!achado) return null;
  const bytes = await ctx.armazenamento.ler(achado.chaveArquivo);
  if (!bytes) throw new HttpError(503, 'O XML da nota não está no armazenamento.');
  return { nome: qual === 'proc' ? `${achado.chave}-procNFe.xml` : `NFe${achado.chave}.xml`, bytes: Buffer.from(bytes) };
}

const sessaoDoSistema = (grupoEmpresarial: string, empresa: string): SessaoRequest => ({ id: 'nfe-fila', usuario: 'sistema', grupoEmpresarial, empresa, permissoes: { administrador: true, telas: {}, pdv: [] } });

/**
 * One round of the SEFAZ queue: every note waiting for SEFAZ (contingencia whose time has come, or an
 * asynchronous batch sent) of every group, each in its own tenant. A note still unreachable waits longer.
 */
export async function processarFilaNfe(
  ctx: Pick<AppContext, 'db' | 'armazenamento' | 'chaveSegredos'>,
  agora: () => Date = () => new Date(),
  empresaDe: (s: SessaoRequest) => Promise<EmpresaDfe> = (s) => empresaEmissora(ctx, s),
): Promise<{ id: string; situacao: string; erro: string | null }[]> {
  const { rows } = await ctx.db.execute<{ grupo: string; empresa: string; id: string; situacao: string; recibo: string | null }>(sql`
    select grupo_empresarial_id as grupo, empresa_id as empresa, id, situacao, recibo from nota_fiscal_emitida
     where situacao in ('contingencia', 'enviada') and (proxima_tentativa_em is null or proxima_tentativa_em <= ${agora().toISOString()}::timestamptz)
     order by proxima_tentativa_em nulls first limit 100`);
  const feitos: { id: string; situacao: string; erro: string | null }[] = [];
  for (const r of rows) {
    const s = sessaoDoSistema(r.grupo, r.empresa);
    try {
      const emissora = await empresaDe(s);
      const guardado = await xmlGuardado(ctx, s, r.id, 'xml');
      let nota: NotaEmitida;
      if (!guardado) nota = await emitirNota(ctx, s, r.id, emissora, agora);
      else if (r.situacao === 'enviada' && r.recibo) {
        let ret: RetAutorizacao;
        try {
          ret = await emissora.gateway.retAutorizacao(emissora.tpAmb, r.recibo);
        } catch (erro) {
          if (!(erro instanceof SefazIndisponivel)) throw erro;
          feitos.push({ id: r.id, situacao: 'enviada', erro: erro.message });
          continue;
        }
        nota = await registrarRetorno(ctx, s, r.id, guardado.bytes.toString('utf8'), ret, agora);
      } else nota = await transmitir(ctx, s, r.id, guardado.bytes.toString('utf8'), emissora, agora);
      feitos.push({ id: r.id, situacao: nota.situacao, erro: nota.situacao === 'contingencia' ? nota.ultimoErro : null });
    } catch (erro) {
      // Not SEFAZ's fault (no certificate, a broken one): said on the note, tried again in an hour, not every round.
      const motivo = erro instanceof Error ? erro.message : String(erro);
      await withTenant(ctx.db, s, (tx) =>
        tx.update(notaFiscalEmitida).set({ ultimoErro: motivo, proximaTentativaEm: new Date(agora().getTime() + 60 * 60_000) }).where(and(eq(notaFiscalEmitida.grupoEmpresarialId, r.grupo), eq(notaFiscalEmitida.id, r.id))),
      );
      feitos.push({ id: r.id, situacao: r.situacao, erro: motivo });
    }
  }
  return feitos;
}
