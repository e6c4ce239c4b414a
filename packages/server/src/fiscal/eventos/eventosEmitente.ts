import { EVENTO_ACEITO, descricoesEvento, MAXIMO_CARTAS_CORRECAO, montarInfEventoEmitente, NS_NFE, PRAZO_CANCELAMENTO_MS, type EventoEmitente, type EventoEmitido } from '@retaguarda/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/client.ts';
import { notaFiscalEmitida, notaFiscalEvento } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { newId } from '../../ids.ts';
import { HttpError } from '../../plugins/envelope.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { guardarArquivo } from '../../storage/guardarArquivo.ts';
import { assinarXml } from '../dfe/assinatura.ts';
import { empresaDfe, type EmpresaDfe } from '../dfe/empresaDfe.ts';
import { enderecosSefaz, gatewaySefaz, type SefazGateway } from '../dfe/gateway.ts';
import { dhBrasilia } from '../dfe/manifestacao.ts';

/** Registered by SEFAZ: 135 linked, 136 registered, 155 cancellation out of time but accepted. (573, a duplicate, is not a new registration.) */
const REGISTRADO = new Set(['135', '136', '155']);

/**
 * RecepcaoEvento4 of the SEFAZ that authorised the note (the emitter's events go to the state's
 * authoriser, not the Ambiente Nacional): SEFAZ_EVENTO_AUTORIZADORA_URL, else SP's or SVRS's service.
 */
export function urlEventoAutorizadora(cUF: string, env: NodeJS.ProcessEnv = process.env): string {
  const definida = env.SEFAZ_EVENTO_AUTORIZADORA_URL?.trim();
  if (definida) return definida;
  if (cUF === '35') return 'https://nfe.fazenda.sp.gov.br/ws/nferecepcaoevento4.asmx';
  return 'https://nfe.svrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx';
}

export interface ResultadoEventoEmitente {
  id: string;
  tpEvento: string;
  nSeqEvento: number;
  registrado: boolean;
  cStat: string;
  xMotivo: string;
  protocolo: string | null;
}

type Pedido = { tipo: 'cancelamento'; justificativa: string } | { tipo: 'correcao'; correcao: string };

const quando = (d: Date) => d.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

async function notaDaEmpresa(tx: Transaction, s: SessaoRequest, id: string) {
  const [n] = await tx.select().from(notaFiscalEmitida).where(and(eq(notaFiscalEmitida.grupoEmpresarialId, s.grupoEmpresarial), eq(notaFiscalEmitida.empresaId, s.empresa), eq(notaFiscalEmitida.id, id)));
  if (!n) throw new HttpError(404, 'Nota fiscal emitida não encontrada nesta empresa.');
  return n;
}

/**
 * Sends the company's cancellation (110111: within 24 hours of the authorisation, with the authorisation
 * protocol and a justification) or correction letter (110110: the next sequence, up to 20, with the legal
 * conditions text) on a note it issued, signed with its A1, through the gateway to the authorising SEFAZ.
 * Every sending is recorded with SEFAZ's answer; a registered one keeps its procEventoNFe in the storage,
 * and a registered cancellation makes the note cancelada, in the same transaction.
 */
export async function enviarEventoEmitente(
  ctx: Pick<AppContext, 'db' | 'armazenamento' | 'chaveSegredos'>,
  s: SessaoRequest,
  notaId: string,
  pedido: Pedido,
  opcoes: { agora?: () => Date; empresaDe?: (s: SessaoRequest) => Promise<EmpresaDfe>; gatewayDe?: (e: EmpresaDfe, cUF: string) => SefazGateway } = {},
): Promise<ResultadoEventoEmitente> {
  const agora = opcoes.agora ?? (() => new Date());
  const { nota, nSeqEvento } = await withTenant(ctx.db, s, async (tx) => {
    const nota = await notaDaEmpresa(tx, s, notaId);
    if (nota.situacao === 'cancelada') throw new HttpError(409, 'A nota já está cancelada.');
    if (nota.situacao !== 'autorizada' || !nota.chave || !nota.protocolo) throw new HttpError(409, 'Só uma nota autorizada pela SEFAZ recebe cancelamento ou carta de correção.');
    if (pedido.tipo === 'cancelamento') {
      const limite = new Date((nota.autorizadaEm ?? nota.emitidaEm ?? agora()).getTime() + PRAZO_CANCELAMENTO_MS);
      if (agora() > limite) throw new HttpError(409, `O prazo de cancelamento (24 horas da autorização) terminou em ${quando(limite)}: emita uma nota de entrada para anular esta.`);
      return { nota, nSeqEvento: 1 };
    }
    const [ultima] = await tx
      .select({ n: notaFiscalEvento.nSeqEvento })
      .from(notaFiscalEvento)
      .where(and(eq(notaFiscalEvento.grupoEmpresarialId, s.grupoEmpresarial), eq(notaFiscalEvento.notaId, nota.id), eq(notaFiscalEvento.tpEvento, '110110'), sql`${notaFiscalEvento.cStat} in ('135', '136', '155')`))
      .orderBy(desc(notaFiscalEvento.nSeqEvento))
      .limit(1);
    const seq = (ultima?.n ?? 0) + 1;
    if (seq > MAXIMO_CARTAS_CORRECAO) throw new HttpError(409, `A nota já tem ${MAXIMO_CARTAS_CORRECAO} cartas de correção, o máximo que a SEFAZ aceita.`);
    return { nota, nSeqEvento: seq };
  });

  const empresa = await (opcoes.empresaDe ?? ((x) => empresaDfe(ctx, x)))(s);
  const chave = nota.chave!;
  const evento: EventoEmitente = pedido.tipo === 'cancelamento' ? { tpEvento: '110111', protocolo: nota.protocolo!, justificativa: pedido.justificativa } : { tpEvento: '110110', correcao: pedido.correcao };
  const inf = montarInfEventoEmitente({ tpAmb: empresa.tpAmb, cnpj: empresa.cnpj, chave, nSeqEvento, dhEvento: dhBrasilia(agora()), evento });
  const eventoXml = `<evento xmlns="${NS_NFE}" versao="1.00">${inf.xml}${assinarXml(inf.xml, inf.id, empresa.chave)}</evento>`;
  const envEvento = `<envEvento xmlns="${NS_NFE}" versao="1.00"><idLote>${String(agora().getTime()).slice(-15)}</idLote>${eventoXml}</envEvento>`;
  const gateway = (opcoes.gatewayDe ?? ((e, uf) => gatewaySefaz(e.chave, { ...enderecosSefaz(), evento: urlEventoAutorizadora(uf) })))(empresa, chave.slice(0, 2));
  const ret = await gateway.recepcaoEvento(envEvento);

  const id = newId();
  const registrado = REGISTRADO.has(ret.cStat);
  const texto = pedido.tipo === 'cancelamento' ? pedido.justificativa : pedido.correcao;
  const linha = { grupoEmpresarialId: s.grupoEmpresarial, id, empresaId: s.empresa, notaId: nota.id, chave, tpEvento: evento.tpEvento, nSeqEvento, texto, cStat: ret.cStat, xMotivo: ret.xMotivo, protocolo: ret.protocolo, usuarioId: s.usuario, enviadoEm: agora() };
  const gravar = async (tx: Transaction, arquivoId: string | null) => {
    await tx.insert(notaFiscalEvento).values({ ...linha, arquivoId });
    if (registrado && evento.tpEvento === '110111') {
      await tx.update(notaFiscalEmitida).set({ situacao: 'cancelada', canceladaEm: agora(), version: sql`${notaFiscalEmitida.version} + 1` }).where(and(eq(notaFiscalEmitida.grupoEmpresarialId, s.grupoEmpresarial), eq(notaFiscalEmitida.id, nota.id)));
    }
  };
  try {
    if (registrado) {
      const proc = `<procEventoNFe xmlns="${NS_NFE}" versao="1.00">${eventoXml}${ret.xml ?? ''}</procEventoNFe>`;
      await guardarArquivo(ctx, s, { nome: `${chave}-${evento.tpEvento}-${String(nSeqEvento).padStart(2, '0')}-procEventoNFe.xml`, tipo: 'application/xml', bytes: Buffer.from(proc, 'utf8') }, (tx, arquivo) => gravar(tx, arquivo.id));
    } else await withTenant(ctx.db, s, (tx) => gravar(tx, null));
  } catch (erro) {
    // Two sends of the same sequence at once: SEFAZ answers both, only one registration stands.
    if (erro instanceof Error && /nota_fiscal_evento_registrado_uq|duplicate key|unique/i.test(`${erro.message} ${String((erro as { cause?: unknown }).cause ?? '')}`)) throw new HttpError(409, 'Este evento já foi registrado para a nota.');
    throw erro;
  }
  return { id, tpEvento: evento.tpEvento, nSeqEvento, registrado, cStat: ret.cStat, xMotivo: ret.xMotivo, protocolo: ret.protocolo };
}

/** The events the company sent on one of its issued notes, oldest first. */
export async function eventosEmitidos(tx: Transaction, s: SessaoRequest, notaId: string): Promise<EventoEmitido[]> {
  await notaDaEmpresa(tx, s, notaId);
  const linhas = await tx.select().from(notaFiscalEvento).where(and(eq(notaFiscalEvento.grupoEmpresarialId, s.grupoEmpresarial), eq(notaFiscalEvento.notaId, notaId))).orderBy(notaFiscalEvento.enviadoEm);
  return linhas.map((l) => ({
    _id: l.id,
    tpEvento: l.tpEvento,
    descricao: descricoesEvento[l.tpEvento] ?? l.tpEvento,
    nSeqEvento: l.nSeqEvento,
    texto: l.texto,
    em: l.enviadoEm.toISOString(),
    cStat: l.cStat,
    xMotivo: l.xMotivo,
    protocolo: l.protocolo,
    registrado: REGISTRADO.has(l.cStat) || EVENTO_ACEITO.has(l.cStat) && l.cStat !== '573',
  }));
}
