import { converterCusto, converterQuantidade, type DocumentoEstoque, type TipoDocumentoEstoque, type TipoMovimento } from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { estoqueDocumento } from '../db/schema/index.ts';
import { newId } from '../ids.ts';
import { intervaloDeDias } from '../sales/relatorios/periodo.ts';
import { HttpError } from '../plugins/envelope.ts';
import { proximoNumero } from './numeracao.ts';
import { estornarMovimentos, lancar, type AutorEstoque, type MovimentoNovo, type ResultadoLancamento } from './razao.ts';

/** The screen whose permissions govern each kind of document (an entry by hand sets opening stock, as a count does). */
export const telaDoDocumento: Record<TipoDocumentoEstoque, string> = {
  entradaManual: 'estoqueInventario',
  saidaManual: 'estoqueSaidaManual',
  transferenciaLocal: 'estoqueTransferenciaLocal',
};

/**
 * The factor of each item typed in another unit than its product's stock unit ('1' when none), or 400
 * naming the fields whose location, product or unit is not one of the company's (or the group's)
 * active records, or whose unit has no conversion factor for that product.
 */
async function conferirReferencias(tx: Transaction, a: AutorEstoque, doc: DocumentoEstoque): Promise<string[]> {
  const locais = [doc.local, ...(doc.tipo === 'transferenciaLocal' ? [doc.destino] : [])];
  const produtos = [...new Set(doc.itens.map((i) => i.produto))];
  const unidades = [...new Set(doc.itens.flatMap((i) => (i.unidade ? [i.unidade] : [])))];
  const r = await tx.execute<{ id: string; recurso: string; unidade: string | null; produto: string | null; fator: string | null; sigla: string | null }>(sql`
    select id, recurso, dados->>'unidade' as unidade, dados->>'produto' as produto, dados->>'fator' as fator, dados->>'sigla' as sigla from registro
    where grupo_empresarial_id = ${a.grupoEmpresarial} and lixo = false and (
      (recurso = 'estoqueCadastro' and empresa_id = ${a.empresa} and id = any(${sql.param(locais)}::text[]) and coalesce((dados->>'ativo')::boolean, true))
      or (recurso = 'produtoGeral' and id = any(${sql.param(produtos)}::text[]))
      or (recurso = 'unidadeMedida' and id = any(${sql.param(unidades)}::text[]))
      or (recurso = 'estoqueProdutoFatorConversao' and dados->>'produto' = any(${sql.param(produtos)}::text[]) and dados->>'unidade' = any(${sql.param(unidades)}::text[])))`);
  const achados = new Map(r.rows.map((l) => [`${l.recurso}:${l.id}`, l]));
  const fatores = new Map(r.rows.filter((l) => l.recurso === 'estoqueProdutoFatorConversao').map((l) => [`${l.produto}|${l.unidade}`, l.fator!]));
  const campos: Record<string, string> = {};
  if (!achados.has(`estoqueCadastro:${doc.local}`)) campos.local = 'Local de estoque não encontrado nesta empresa (ou inativo).';
  if (doc.tipo === 'transferenciaLocal' && !achados.has(`estoqueCadastro:${doc.destino}`)) campos.destino = 'Local de estoque não encontrado nesta empresa (ou inativo).';
  const resultado = doc.itens.map((item, i) => {
    const produto = achados.get(`produtoGeral:${item.produto}`);
    if (!produto) {
      campos[`itens.${i}.produto`] = 'Produto não encontrado.';
      return '1';
    }
    if (!item.unidade || item.unidade === produto.unidade) return '1';
    const unidade = achados.get(`unidadeMedida:${item.unidade}`);
    if (!unidade) {
      campos[`itens.${i}.unidade`] = 'Unidade de medida não encontrada.';
      return '1';
    }
    const fator = fatores.get(`${item.produto}|${item.unidade}`);
    if (!fator) campos[`itens.${i}.unidade`] = `Sem fator de conversão de ${unidade.sigla} para este produto: cadastre-o em Fatores de conversão.`;
    return fator ?? '1';
  });
  const [campo, mensagem] = Object.entries(campos)[0] ?? [];
  if (campo) {
    const item = /^itens\.(\d+)\.(\w+)$/.exec(campo);
    const rotulo = item ? `Item ${Number(item[1]) + 1}, ${item[2]}` : campo === 'destino' ? 'Local de destino' : 'Local de estoque';
    throw new HttpError(400, `${rotulo}: ${mensagem}`, {}, campos);
  }
  return resultado;
}

/**
 * The ledger rows of a document: one per item, two per item of a transfer (out of the origin, into the
 * destination); quantities (and entry costs) typed in another unit converted to the stock unit.
 */
function movimentosDo(doc: DocumentoEstoque, documentoId: string, ocorridoEm: Date, fatores: string[]): MovimentoNovo[] {
  const base = { ocorridoEm, documentoTipo: doc.tipo, documentoId };
  const q = (i: number) => converterQuantidade(doc.itens[i]!.quantidade, fatores[i]!);
  switch (doc.tipo) {
    case 'entradaManual':
      return doc.itens.map((i, n) => ({ ...base, tipo: 'entrada', localId: doc.local, produtoId: i.produto, quantidade: q(n), custoProprio: converterCusto(i.custoUnitario, fatores[n]!) }));
    case 'saidaManual':
      return doc.itens.map((i, n) => ({ ...base, tipo: 'saidaManual', localId: doc.local, produtoId: i.produto, quantidade: -q(n), custoProprio: null }));
    case 'transferenciaLocal':
      return doc.itens.flatMap((i, n) => [
        { ...base, tipo: 'transferencia' as TipoMovimento, localId: doc.local, produtoId: i.produto, quantidade: -q(n), custoProprio: null },
        { ...base, tipo: 'transferencia' as TipoMovimento, localId: doc.destino, produtoId: i.produto, quantidade: q(n), custoProprio: null },
      ]);
  }
}

/**
 * Records a document and its movements in the caller's transaction, numbered per company and kind.
 * With `simular`, everything is computed (the preview) and the caller rolls back.
 */
export async function registrarDocumento(tx: Transaction, a: AutorEstoque, doc: DocumentoEstoque, opcoes: { simular?: boolean } = {}) {
  const fatores = await conferirReferencias(tx, a, doc);
  const id = newId();
  const ocorridoEm = doc.ocorridoEm ? new Date(doc.ocorridoEm) : new Date();
  if (ocorridoEm.getTime() > Date.now() + 5 * 60_000) throw new HttpError(400, 'Data: o movimento não pode estar no futuro.', {}, { ocorridoEm: 'O movimento não pode estar no futuro.' });
  const resultado = await lancar(tx, a, movimentosDo(doc, id, ocorridoEm, fatores), opcoes);
  const numero = await proximoNumero(tx, a, 'estoque_documento', doc.tipo);
  const valor = resultado.movimentos.filter((m) => doc.tipo !== 'transferenciaLocal' || m.quantidade > 0n).reduce((s, m) => s + Math.abs(m.valor), 0);
  await tx.insert(estoqueDocumento).values({
    grupoEmpresarialId: a.grupoEmpresarial,
    id,
    empresaId: a.empresa,
    tipo: doc.tipo,
    numero,
    localId: doc.local,
    destinoId: doc.tipo === 'transferenciaLocal' ? doc.destino : null,
    ocorridoEm,
    motivo: doc.tipo === 'saidaManual' ? doc.motivo : null,
    observacao: doc.observacao ?? null,
    usuarioId: a.usuario,
    itens: doc.itens.map((i) => ({ ...i })),
    valor,
  });
  return { _id: id, numero, tipo: doc.tipo, valor, ...apresentar(resultado) };
}

/** The effects as the API shows them (quantities and costs as decimal text). */
export function apresentar(r: ResultadoLancamento) {
  return {
    movimentos: r.movimentos.map((m) => ({ _id: m.id, tipo: m.tipo, local: m.localId, produto: m.produtoId, quantidade: m.quantidade.toString(), custoUnitario: m.custoUnitario.toString(), valor: m.valor })),
    efeitos: r.efeitos,
  };
}

/**
 * Reverses a document: one new row per movement, opposite quantity at the same unit cost and business
 * time (the ledger keeps both). Reversing twice is a 409.
 */
export async function estornarDocumento(tx: Transaction, a: AutorEstoque, id: string, motivo: string) {
  const [doc] = await tx
    .select()
    .from(estoqueDocumento)
    .where(and(eq(estoqueDocumento.grupoEmpresarialId, a.grupoEmpresarial), eq(estoqueDocumento.empresaId, a.empresa), eq(estoqueDocumento.id, id)))
    .for('update');
  if (!doc) throw new HttpError(404, 'Documento de estoque não encontrado.');
  if (doc.estornadoEm) throw new HttpError(409, `Este documento já foi estornado em ${doc.estornadoEm.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' })}.`);
  const resultado = await estornarMovimentos(tx, a, id);
  const em = new Date();
  await tx
    .update(estoqueDocumento)
    .set({ estornadoEm: em, estornadoPor: a.usuario, motivoEstorno: motivo, version: sql`${estoqueDocumento.version} + 1` })
    .where(and(eq(estoqueDocumento.grupoEmpresarialId, a.grupoEmpresarial), eq(estoqueDocumento.id, id)));
  return { _id: id, estornadoEm: em.toISOString(), ...apresentar(resultado) };
}

/** The company's documents of one kind, newest first, with the user's and the locations' names. */
export async function listarDocumentos(tx: Transaction, a: AutorEstoque, tipo: TipoDocumentoEstoque, filtro: { de?: string | undefined; ate?: string | undefined; limite?: number | undefined }) {
  const limite = Math.min(filtro.limite ?? 200, 1000);
  const r = await tx.execute<Record<string, unknown>>(sql`
    select d.id as "_id", d.tipo, d.numero::int as numero, d.ocorrido_em as "ocorridoEm", d.local_id as local, d.destino_id as destino, d.motivo, d.observacao,
      d.itens, d.valor, d.estornado_em as "estornadoEm", d.motivo_estorno as "motivoEstorno", d.created_at as "registradoEm",
      l.dados->>'descricao' as "localDescricao", ld.dados->>'descricao' as "destinoDescricao", u.nome as usuario
    from estoque_documento d
    left join registro l on l.grupo_empresarial_id = d.grupo_empresarial_id and l.id = d.local_id
    left join registro ld on ld.grupo_empresarial_id = d.grupo_empresarial_id and ld.id = d.destino_id
    left join usuario u on u.grupo_empresarial_id = d.grupo_empresarial_id and u.id = d.usuario_id
    where d.grupo_empresarial_id = ${a.grupoEmpresarial} and d.empresa_id = ${a.empresa} and d.tipo = ${tipo}
      ${filtro.de && filtro.ate ? sql`and ${intervaloDeDias(sql`d.ocorrido_em`, filtro.de, filtro.ate)}` : sql``}
    order by d.ocorrido_em desc, d.numero desc
    limit ${limite}`);
  return r.rows;
}
