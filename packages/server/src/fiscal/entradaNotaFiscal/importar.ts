import { dataBr, decodificarTexto, findRecurso, isValidCnpj, isValidCpf, lerNfe, type NotaLida, type ResultadoImportacaoNota } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/client.ts';
import { entradaNotaFiscal, entradaNotaFiscalItem } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { newId } from '../../ids.ts';
import { guardarArquivo } from '../../storage/guardarArquivo.ts';
import { avisosDoEsquema } from '../esquemaNfe.ts';
import { criarNaTransacao } from '../../resources/pipeline.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { avisoDeAlta, lerEntrada } from './consulta.ts';
import { corresponder } from './correspondencia.ts';
import { vincularPedidos } from './pedidoDaNota.ts';
import { ehZip, ErroZip, lerZip } from './zip.ts';

/** One request: at most this many XMLs (zips unpacked) and this many bytes unpacked. */
export const LIMITES_IMPORTACAO = { maxArquivos: 200, maxBytes: 50 * 1024 * 1024 };

const recusada = (nome: string, motivo: string, chave: string | null = null, avisos: string[] = []): ResultadoImportacaoNota => ({ nome, chave, situacao: 'recusada', motivo, avisos, itens: [], valorTotal: 0 });

/** The XML files of the request: each one as sent, or the XMLs inside a zip (named 'pacote.zip/nota.xml'). */
function desempacotar(arquivos: readonly { nome: string; conteudo: string }[]): ({ nome: string; bytes: Buffer } | ResultadoImportacaoNota)[] {
  const saida: ({ nome: string; bytes: Buffer } | ResultadoImportacaoNota)[] = [];
  let soma = 0;
  for (const a of arquivos) {
    const bytes = Buffer.from(a.conteudo, 'base64');
    if (!bytes.length) {
      saida.push(recusada(a.nome, 'O arquivo está vazio (ou o conteúdo não é base64).'));
      continue;
    }
    if (!ehZip(bytes)) {
      soma += bytes.length;
      saida.push({ nome: a.nome, bytes });
      continue;
    }
    try {
      const dentro = lerZip(bytes, { maxArquivos: LIMITES_IMPORTACAO.maxArquivos, maxBytes: LIMITES_IMPORTACAO.maxBytes - soma });
      const xmls = dentro.filter((d) => d.nome.toLowerCase().endsWith('.xml'));
      if (!xmls.length) saida.push(recusada(a.nome, 'O .zip não tem nenhum arquivo .xml.'));
      for (const d of xmls) {
        soma += d.bytes.length;
        saida.push({ nome: `${a.nome}/${d.nome}`, bytes: d.bytes });
      }
    } catch (erro) {
      if (!(erro instanceof ErroZip)) throw erro;
      saida.push(recusada(a.nome, erro.message));
    }
  }
  return saida;
}

/**
 * Reads every file and records each acceptable note as a pending entry: the XML kept in the storage
 * (written before the note's transaction, removed if it fails), the supplier found by CNPJ or created
 * from emit, the items matched. One transaction per note: a refused file never stops the others.
 */
export async function importarNotas(ctx: Pick<AppContext, 'db' | 'armazenamento'>, s: SessaoRequest, arquivos: readonly { nome: string; conteudo: string }[]): Promise<ResultadoImportacaoNota[]> {
  const resultados: ResultadoImportacaoNota[] = [];
  for (const a of desempacotar(arquivos)) resultados.push('situacao' in a ? a : await importarArquivo(ctx, s, a.nome, a.bytes));
  return resultados;
}

async function importarArquivo(ctx: Pick<AppContext, 'db' | 'armazenamento'>, s: SessaoRequest, nome: string, bytes: Buffer): Promise<ResultadoImportacaoNota> {
  const leitura = lerNfe(decodificarTexto(bytes));
  // The PL_010 schema's problems join the reading's warnings (a cancellation event alone is not a note).
  if (leitura.tipo !== 'cancelamento') leitura.avisos.push(...avisosDoEsquema(bytes));
  if (leitura.tipo === 'recusada') return recusada(nome, leitura.motivo, leitura.chave, leitura.avisos);
  if (leitura.tipo === 'cancelamento') {
    return withTenant(ctx.db, s, async (tx) => {
      const anterior = await marcarCancelada(tx, s.grupoEmpresarial, leitura.chave);
      const motivo = anterior ? 'Evento de cancelamento registrado na entrada desta nota.' : 'Evento de cancelamento de uma nota que não tem entrada: nada a fazer.';
      return { nome, chave: leitura.chave, situacao: 'cancelada', motivo, avisos: leitura.avisos, itens: [], valorTotal: 0, ...(anterior ? { entrada: anterior } : {}) };
    });
  }
  const { nota, avisos } = leitura;
  if (leitura.motivo) return recusada(nome, leitura.motivo, nota.chave || null, avisos);
  const emitente = nota.emitente.documento;
  if (!(emitente.length === 14 ? isValidCnpj(emitente) : isValidCpf(emitente))) return recusada(nome, `O CNPJ/CPF do emitente (${emitente || 'ausente'}) é inválido.`, nota.chave, avisos);

  type Repetida = Pick<ResultadoImportacaoNota, 'situacao' | 'motivo' | 'entrada'>;
  const preliminar = await withTenant(ctx.db, s, async (tx): Promise<{ repetida: Repetida } | { empresa: string | { motivo: string } }> => {
    const repetida = await repetidaDe(tx, s.grupoEmpresarial, nota.chave, leitura.cancelada);
    if (repetida) return { repetida };
    const empresa = await empresaDestinataria(tx, nota);
    return { empresa };
  });
  if ('repetida' in preliminar) return { ...resumo(nome, nota, avisos), ...preliminar.repetida };
  if (typeof preliminar.empresa !== 'string') return recusada(nome, preliminar.empresa.motivo, nota.chave, avisos);
  const empresa = preliminar.empresa;

  try {
    return await guardarArquivo(ctx, s, { nome: nome.split('/').pop()!.slice(0, 200), tipo: 'application/xml', bytes }, async (tx, guardado) => {
      // Checked again under the transaction: a note imported meanwhile by someone else is 'repetida'.
      const repetida = await repetidaDe(tx, s.grupoEmpresarial, nota.chave, leitura.cancelada);
      if (repetida) {
        guardado.descartar();
        return { ...resumo(nome, nota, avisos), ...repetida };
      }
      const arquivoId = guardado.id;
      const fornecedor = await fornecedorDe(tx, s, nota);
      const id = newId();
      const situacao = leitura.cancelada ? 'cancelada' : 'pendente';
      await tx.insert(entradaNotaFiscal).values({
        grupoEmpresarialId: s.grupoEmpresarial,
        id,
        empresaId: empresa,
        chave: nota.chave,
        modelo: nota.modelo,
        serie: nota.serie,
        numero: nota.numero,
        emissao: new Date(nota.emissao),
        fornecedorId: fornecedor,
        emitenteDocumento: nota.emitente.documento,
        emitenteNome: nota.emitente.nome,
        valorTotal: nota.totais.nota,
        situacao,
        avisos,
        totais: nota.totais,
        duplicatas: nota.duplicatas,
        pagamentos: nota.pagamentos,
        arquivoId,
        nomeArquivo: nome,
        usuarioId: s.usuario,
        canceladaEm: leitura.cancelada ? new Date() : null,
      });
      const correspondencias = await corresponder(tx, s.grupoEmpresarial, fornecedor, nota.itens);
      const itens = nota.itens.map((i) => ({ ...i, ...(correspondencias.get(i.numero) ?? { produto: null, fator: null }) }));
      if (itens.length) {
        await tx.insert(entradaNotaFiscalItem).values(
          itens.map((i) => ({ grupoEmpresarialId: s.grupoEmpresarial, entradaId: id, numero: i.numero, cProd: i.cProd, gtin: i.gtin, descricao: i.descricao, unidade: i.unidade, quantidade: i.quantidade, valorProduto: i.valorProduto, dados: i, produtoId: i.produto, fator: i.fator })),
        );
      }
      // Items of the supplier's open purchase orders (by xPed/nItemPed, else the product) are linked to them.
      if (situacao === 'pendente') await vincularPedidos(tx, { grupoEmpresarial: s.grupoEmpresarial, empresa }, id);
      // A price jump against the product's last purchase is listed with the reading's warnings.
      const altas = (await lerEntrada(tx, { grupoEmpresarial: s.grupoEmpresarial, empresa }, id)).itens.filter((i) => i.altaDePreco !== null).map(avisoDeAlta);
      if (altas.length) {
        avisos.push(...altas);
        await tx.execute(sql`update entrada_nota_fiscal set avisos = ${JSON.stringify(avisos)}::jsonb where grupo_empresarial_id = ${s.grupoEmpresarial} and id = ${id}`);
      }
      if (empresa !== s.empresa) avisos.push(`A nota é de outra empresa do grupo (CNPJ ${nota.destinatario?.documento}): troque a empresa ativa para vê-la e lançá-la.`);
      return {
        ...resumo(nome, nota, avisos),
        situacao,
        ...(leitura.cancelada ? { motivo: 'Nota cancelada pelo emitente: guardada, nunca lançada no estoque.' } : {}),
        itens: itens.map((i) => ({ numero: i.numero, cProd: i.cProd, descricao: i.descricao, unidade: i.unidade, quantidade: i.quantidade, valorProduto: i.valorProduto, produto: i.produto, fator: i.fator })),
        entrada: id,
      } satisfies ResultadoImportacaoNota;
    });
  } catch (erro) {
    // The same note sent twice at once: the other request's entry won the key; this one names it.
    if (chaveDuplicada(erro)) {
      const repetida = await withTenant(ctx.db, s, (tx) => repetidaDe(tx, s.grupoEmpresarial, nota.chave, leitura.cancelada));
      if (repetida) return { ...resumo(nome, nota, avisos), ...repetida };
    }
    throw erro;
  }
}

function chaveDuplicada(erro: unknown): boolean {
  for (let e = erro as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code) return e.code === '23505' && e.constraint === 'entrada_nota_fiscal_chave_uq';
  }
  return false;
}

const resumo = (nome: string, nota: NotaLida, avisos: string[]) => ({ nome, chave: nota.chave, avisos, itens: [], valorTotal: nota.totais.nota });

/**
 * The same key already entered: 'repetida' naming the earlier entry. A file that carries the note's
 * cancellation marks that entry cancelled instead (a posted one is then offered for reversal).
 */
async function repetidaDe(tx: Transaction, grupo: string, chave: string, cancelada: boolean): Promise<Pick<ResultadoImportacaoNota, 'situacao' | 'motivo' | 'entrada'> | null> {
  const [anterior] = (
    await tx.execute<{ id: string; numero: number; created_at: string; nome_arquivo: string; situacao: string }>(sql`
      select id, numero::int as numero, created_at, nome_arquivo, situacao from entrada_nota_fiscal where grupo_empresarial_id = ${grupo} and chave = ${chave}`)
  ).rows;
  if (!anterior) return null;
  if (cancelada) {
    await marcarCancelada(tx, grupo, chave);
    const lancada = anterior.situacao === 'lancada' ? ' Ela já foi lançada: estorne a entrada.' : '';
    return { situacao: 'cancelada', motivo: `Nota cancelada pelo emitente: a entrada de ${dataBr(new Date(anterior.created_at).toISOString().slice(0, 10))} foi marcada como cancelada.${lancada}`, entrada: anterior.id };
  }
  const quando = new Date(anterior.created_at).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });
  return { situacao: 'repetida', motivo: `Esta nota já foi importada em ${quando} (arquivo ${anterior.nome_arquivo}).`, entrada: anterior.id };
}

/** Marks the entry of this key cancelled (a pending one can no longer be posted); its id, or null when there is none. */
async function marcarCancelada(tx: Transaction, grupo: string, chave: string): Promise<string | null> {
  const r = await tx.execute<{ id: string }>(sql`
    update entrada_nota_fiscal set cancelada_em = coalesce(cancelada_em, now()), situacao = case when situacao = 'pendente' then 'cancelada' else situacao end, version = version + 1, updated_at = now()
    where grupo_empresarial_id = ${grupo} and chave = ${chave} returning id`);
  return r.rows[0]?.id ?? null;
}

/** The group's company the note is addressed to (dest CNPJ), or why there is none. */
async function empresaDestinataria(tx: Transaction, nota: NotaLida): Promise<string | { motivo: string }> {
  const documento = nota.destinatario?.documento ?? '';
  if (!documento) return { motivo: 'A nota não traz o destinatário (dest): não há como saber de que empresa é a compra.' };
  const [empresa] = (await tx.execute<{ id: string }>(sql`select id from empresa where cnpj = ${documento} and lixo = false order by created_at limit 1`)).rows;
  return empresa ? empresa.id : { motivo: `O destinatário da nota (${documento}) não é uma empresa deste grupo.` };
}

/** The supplier: the pessoa with the emitter's CNPJ/CPF, else one created from emit (as a supplier). */
async function fornecedorDe(tx: Transaction, s: SessaoRequest, nota: NotaLida): Promise<string> {
  const emit = nota.emitente;
  const [existente] = (
    await tx.execute<{ id: string }>(sql`
      select id from registro where grupo_empresarial_id = ${s.grupoEmpresarial} and recurso = 'pessoa' and lixo = false and dados->>'cpfCnpj' = ${emit.documento}
      order by (dados->>'fornecedor')::boolean desc nulls last, created_at limit 1`)
  ).rows;
  if (existente) return existente.id;
  const juridica = emit.documento.length === 14;
  const corpo = {
    tipo: juridica ? 'Jurídica' : 'Física',
    nome: (emit.nome || emit.documento).slice(0, 120),
    nomeFantasia: emit.fantasia?.slice(0, 120) ?? null,
    cpfCnpj: emit.documento,
    rgIe: emit.ie,
    cliente: false,
    fornecedor: true,
    observacao: `Cadastrado pela entrada da NF-e ${nota.numero}/${nota.serie} (emitente ${emit.documento}).`,
  };
  const pessoa = await criarNaTransacao(tx, findRecurso('pessoa')!, s, corpo);
  return pessoa._id;
}
