import { naturezasOperacaoPadrao, notaEditavel, type NotaEmitida, type notaEmitidaSchema } from '@retaguarda/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Transaction } from '../../db/client.ts';
import { notaFiscalEmitida, registro } from '../../db/schema/index.ts';
import { newId } from '../../ids.ts';
import { HttpError } from '../../plugins/envelope.ts';
import type { AutorDaTela } from '../../resources/rotaDaTela.ts';
import { calcularImpostos, totalizar, type ConfigImpostoItem } from './impostos.ts';
import { cfopDaOperacao, type EnderecoNfe, type ItemNfe, type ParticipanteNfe } from './xmlNfe.ts';

type Entrada = z.output<typeof notaEmitidaSchema>;
type Dados = Record<string, unknown>;

/** An item as kept on the note: what the XML needs, with its computed taxes. */
export interface ItemGuardado extends ItemNfe {
  produto: string;
}

async function registroDe(tx: Transaction, grupo: string, recurso: string, id: string): Promise<Dados | null> {
  const [r] = await tx.select({ dados: registro.dados }).from(registro).where(and(eq(registro.grupoEmpresarialId, grupo), eq(registro.recurso, recurso), eq(registro.id, id), eq(registro.lixo, false)));
  return r?.dados ?? null;
}

const texto = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The issuing company as the XML's emit: it must have CNPJ, IE, CRT and a full address. */
/** papel: 'emitente' (issuing: the IE is required), 'rascunho' (a draft may be written before the IE is filled in), 'destino' (another store receiving). */
export async function emitenteDe(tx: Transaction, grupo: string, empresa: string, papel: 'emitente' | 'rascunho' | 'destino' = 'emitente'): Promise<ParticipanteNfe & { fantasia: string | null; crt: string }> {
  const d = await registroDe(tx, grupo, 'empresa', empresa);
  if (!d) throw new HttpError(404, 'Empresa da sessão não encontrada.');
  const e = (d.endereco ?? {}) as Partial<EnderecoNfe>;
  const comoDestino = papel === 'destino';
  const quem = comoDestino ? `da loja de destino (${texto(d.nomeFantasia)})` : 'da empresa';
  if (!texto(d.cnpj) || !e.uf || !e.codigoMunicipio) throw new HttpError(409, `Complete o CNPJ e o endereço (com o código IBGE do município) ${quem} antes de emitir NF-e.`);
  // The issuer's IE is required by the layout (emit/IE); a recipient store without one goes as non-contributor.
  if (papel === 'emitente' && !texto(d.inscricaoEstadual)) throw new HttpError(409, 'Informe a inscrição estadual da empresa (Cadastros → Empresas) antes de emitir NF-e.');
  return {
    documento: texto(d.cnpj),
    nome: texto(d.razaoSocial) || texto(d.nomeFantasia),
    fantasia: texto(d.nomeFantasia) || null,
    ie: texto(d.inscricaoEstadual) && texto(d.inscricaoEstadual) !== 'ISENTO' ? texto(d.inscricaoEstadual) : null,
    crt: texto(d.crt) || '3',
    endereco: { logradouro: texto(e.logradouro), numero: texto(e.numero), complemento: e.complemento ?? null, bairro: texto(e.bairro), codigoMunicipio: texto(e.codigoMunicipio), municipio: texto(e.municipio), uf: texto(e.uf), cep: e.cep ?? null },
  };
}

/** The recipient: another store of the group (its company record) or a pessoa with CNPJ/CPF and an address. */
async function destinatarioDe(tx: Transaction, a: AutorDaTela, n: Entrada): Promise<ParticipanteNfe> {
  if (n.tipo === 'transferencia') {
    if (n.destinatarioEmpresa === a.empresa) throw new HttpError(400, 'Loja de destino: a transferência vai para outra loja do grupo, não para a própria.', {}, { destinatarioEmpresa: 'Escolha outra loja do grupo.' });
    const dest = await registroDe(tx, a.grupoEmpresarial, 'empresa', n.destinatarioEmpresa!);
    if (!dest) throw new HttpError(400, 'Loja de destino: não é uma loja deste grupo.', {}, { destinatarioEmpresa: 'Escolha uma loja do grupo.' });
    return emitenteDe(tx, a.grupoEmpresarial, n.destinatarioEmpresa!, 'destino');
  }
  const p = await registroDe(tx, a.grupoEmpresarial, 'pessoa', n.destinatarioPessoa!);
  if (!p) throw new HttpError(400, 'Destinatário: pessoa não encontrada neste grupo.', {}, { destinatarioPessoa: 'Escolha um destinatário do cadastro.' });
  const doc = texto(p.cpfCnpj);
  const e = ((p.enderecos as Dados[] | undefined) ?? [])[0];
  if (!doc || !e) throw new HttpError(400, `Destinatário: ${texto(p.nome)} precisa de CNPJ/CPF e endereço no cadastro para receber uma NF-e.`, {}, { destinatarioPessoa: 'Complete o CNPJ e o endereço no cadastro da pessoa.' });
  return {
    documento: doc,
    nome: texto(p.nome),
    ie: texto(p.inscricaoEstadual) || null,
    endereco: { logradouro: texto(e.logradouro), numero: texto(e.numero) || 'S/N', complemento: texto(e.complemento) || null, bairro: texto(e.bairro), codigoMunicipio: texto(e.codigoMunicipio), municipio: texto(e.cidade), uf: texto(e.uf), cep: texto(e.cep) || null },
  };
}

/** vProd = quantity × unit value, rounded half up to the centavo (exact: 4 + 10 decimals as integers). */
export function valorDoItem(quantidade: string, valorUnitario: string): number {
  const escalar = (t: string, casas: number) => {
    const [i = '0', f = ''] = t.split('.');
    return BigInt(i) * 10n ** BigInt(casas) + BigInt((f + '0'.repeat(casas)).slice(0, casas) || '0');
  };
  const produto = escalar(quantidade, 4) * escalar(valorUnitario, 10);
  return Number((produto + 5n * 10n ** 11n) / 10n ** 12n);
}

/** Each item with its product's tax configuration in the issuing company for the recipient's UF; 400 naming what is missing. */
async function itensDe(tx: Transaction, a: AutorDaTela, n: Entrada, crt: string, ufEmit: string, ufDest: string): Promise<ItemGuardado[]> {
  const itens: ItemGuardado[] = [];
  for (const [i, item] of n.itens.entries()) {
    const campo = `itens.${i}.produto`;
    const prod = await registroDe(tx, a.grupoEmpresarial, 'produtoGeral', item.produto);
    if (!prod) throw new HttpError(400, `Item ${i + 1}: produto não encontrado.`, {}, { [campo]: 'Escolha um produto do cadastro.' });
    const nome = texto(prod.descricao);
    const [pe] = await tx.execute<{ dados: Dados }>(sql`
      select dados from registro where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'produtoGeralEmpresa'
         and empresa_id = ${a.empresa} and dados->>'produtoGeral' = ${item.produto} and not lixo limit 1`).then((r) => r.rows);
    const estadual = pe && texto(pe.dados.configuracaoImposto) ? await registroDe(tx, a.grupoEmpresarial, 'configuracaoImposto', texto(pe.dados.configuracaoImposto)) : null;
    const federal = pe && texto(pe.dados.impostoFederal) ? await registroDe(tx, a.grupoEmpresarial, 'configuracaoImpostoFederal', texto(pe.dados.impostoFederal)) : null;
    const falta = (o: string) => new HttpError(400, `Item ${i + 1} (${nome}): ${o}. Ajuste em Produtos → Impostos antes de emitir.`, {}, { [campo]: o });
    if (!estadual) throw falta('sem configuração de imposto estadual (ICMS) nesta empresa');
    if (!federal || !texto(federal.cstPis) || !texto(federal.cstCofins)) throw falta('sem configuração de PIS/COFINS nesta empresa');
    const linha = ((estadual.icms as ConfigImpostoItem['icms'][] | undefined) ?? []).find((l) => l.uf === ufDest);
    if (!linha) throw falta(`sem linha de ICMS para ${ufDest}, a UF do destinatário`);
    const ncm = texto(prod.ncm);
    if (!/^\d{8}$/.test(ncm)) throw falta('sem NCM');
    const valor = valorDoItem(item.quantidade, item.valorUnitario);
    const config: ConfigImpostoItem = {
      icms: linha,
      ipi: (estadual.ipi as ConfigImpostoItem['ipi']) ?? null,
      ibsCbs: (estadual.ibsCbs as ConfigImpostoItem['ibsCbs']) ?? null,
      federal: { cstPis: texto(federal.cstPis), aliquotaPis: texto(federal.aliquotaPis) || '0', cstCofins: texto(federal.cstCofins), aliquotaCofins: texto(federal.aliquotaCofins) || '0' },
    };
    const unidade = texto(prod.unidade) ? texto((await registroDe(tx, a.grupoEmpresarial, 'unidadeMedida', texto(prod.unidade)))?.sigla) || 'UN' : 'UN';
    itens.push({
      produto: item.produto,
      codigo: texto(prod.codigo) || item.produto.slice(0, 60),
      gtin: texto(prod.gtin) && texto(prod.gtin) !== 'SEM GTIN' ? texto(prod.gtin) : null,
      descricao: nome,
      ncm,
      cfop: cfopDaOperacao(n.tipo, ufEmit === ufDest),
      unidade: unidade.slice(0, 6),
      quantidade: item.quantidade,
      valorUnitario: item.valorUnitario,
      valor,
      impostos: calcularImpostos(valor, config, crt),
    });
  }
  return itens;
}

/** The columns a draft is made of, computed from the form: recipient snapshot, items with taxes, totals. */
async function montar(tx: Transaction, a: AutorDaTela, n: Entrada) {
  const emit = await emitenteDe(tx, a.grupoEmpresarial, a.empresa, 'rascunho');
  const dest = await destinatarioDe(tx, a, n);
  const itens = await itensDe(tx, a, n, emit.crt, emit.endereco.uf, dest.endereco.uf);
  const totais = totalizar(itens);
  return {
    tipo: n.tipo,
    serie: n.serie,
    naturezaOperacao: n.naturezaOperacao?.trim() || naturezasOperacaoPadrao[n.tipo],
    destinatarioEmpresaId: n.tipo === 'transferencia' ? n.destinatarioEmpresa : null,
    destinatarioPessoaId: n.tipo === 'transferencia' ? null : n.destinatarioPessoa,
    destinatario: { ...dest, referencia: n.referencia } as Record<string, unknown>,
    itens: itens as unknown as Record<string, unknown>[],
    totais: totais as unknown as Record<string, number>,
    valorTotal: totais.vNF,
    informacoesComplementares: n.informacoesComplementares,
    origemTipo: n.origem?.tipo ?? null,
    origemId: n.origem?.id ?? null,
  };
}

export async function criarNota(tx: Transaction, a: AutorDaTela, n: Entrada): Promise<NotaEmitida> {
  const id = newId();
  await tx.insert(notaFiscalEmitida).values({ grupoEmpresarialId: a.grupoEmpresarial, id, empresaId: a.empresa, usuarioId: a.usuario, situacao: 'rascunho', ...(await montar(tx, a, n)) });
  return detalharNota(tx, a, id);
}

/** Rewrites a draft or a rejected note (with the version read: 409 when someone changed it meanwhile). */
export async function editarNota(tx: Transaction, a: AutorDaTela, id: string, n: Entrada): Promise<NotaEmitida> {
  const atual = await linhaDaNota(tx, a, id, true);
  if (!notaEditavel(atual.situacao)) throw new HttpError(409, 'Só um rascunho ou uma nota rejeitada pode ser alterada.');
  if (n.version !== undefined && n.version !== atual.version) throw new HttpError(409, 'A nota foi alterada por outra pessoa. Recarregue e tente de novo.');
  // The number (if it has one) stays: a rejected note is sent again with the same number.
  if (atual.numero !== null && n.serie !== atual.serie) throw new HttpError(400, 'Série: a nota já tem número nesta série e não muda de série.', {}, { serie: 'A série de uma nota numerada não muda.' });
  await tx
    .update(notaFiscalEmitida)
    .set({ ...(await montar(tx, a, n)), version: atual.version + 1 })
    .where(and(eq(notaFiscalEmitida.grupoEmpresarialId, a.grupoEmpresarial), eq(notaFiscalEmitida.id, id)));
  return detalharNota(tx, a, id);
}

export async function linhaDaNota(tx: Transaction, a: Pick<AutorDaTela, 'grupoEmpresarial' | 'empresa'>, id: string, bloquear = false) {
  const q = tx.select().from(notaFiscalEmitida).where(and(eq(notaFiscalEmitida.grupoEmpresarialId, a.grupoEmpresarial), eq(notaFiscalEmitida.empresaId, a.empresa), eq(notaFiscalEmitida.id, id)));
  const [row] = bloquear ? await q.for('update') : await q;
  if (!row) throw new HttpError(404, 'Nota não encontrada entre as emitidas por esta empresa.');
  return row;
}

type Linha = typeof notaFiscalEmitida.$inferSelect;

export function comoNota(r: Linha): NotaEmitida {
  const dest = r.destinatario as { nome?: string; fantasia?: string | null; documento?: string; endereco?: { uf?: string }; referencia?: string | null };
  return {
    _id: r.id,
    tipo: r.tipo as NotaEmitida['tipo'],
    serie: r.serie,
    numero: r.numero,
    chave: r.chave,
    naturezaOperacao: r.naturezaOperacao,
    destinatarioEmpresa: r.destinatarioEmpresaId,
    destinatarioPessoa: r.destinatarioPessoaId,
    // A store of the group by its trade name (the group's stores often share one razão social).
    destinatario: { nome: dest.fantasia || dest.nome || '', documento: dest.documento ?? '', uf: dest.endereco?.uf ?? '' },
    referencia: dest.referencia ?? null,
    informacoesComplementares: r.informacoesComplementares,
    itens: (r.itens as unknown as ItemGuardado[]).map((i) => ({
      produto: i.produto,
      codigo: i.codigo,
      descricao: i.descricao,
      unidade: i.unidade,
      cfop: i.cfop,
      quantidade: i.quantidade,
      valorUnitario: i.valorUnitario,
      valor: i.valor,
      icms: i.impostos.icms.vICMS,
      st: i.impostos.icms.st?.vICMSST ?? 0,
      ipi: i.impostos.ipi?.vIPI ?? 0,
      ibs: (i.impostos.ibsCbs?.vIBSUF ?? 0) + (i.impostos.ibsCbs?.vIBSMun ?? 0),
      cbs: i.impostos.ibsCbs?.vCBS ?? 0,
    })),
    totais: r.totais,
    valorTotal: r.valorTotal,
    situacao: r.situacao as NotaEmitida['situacao'],
    cStat: r.cStat,
    xMotivo: r.xMotivo,
    protocolo: r.protocolo,
    emitidaEm: r.emitidaEm?.toISOString() ?? null,
    autorizadaEm: r.autorizadaEm?.toISOString() ?? null,
    tentativas: r.tentativas,
    proximaTentativaEm: r.proximaTentativaEm?.toISOString() ?? null,
    ultimoErro: r.ultimoErro,
    temXml: !!r.arquivoXmlId,
    temProcNFe: !!r.arquivoProcId,
    origem: r.origemTipo && r.origemId ? { tipo: r.origemTipo as 'transferencia' | 'entrada', id: r.origemId } : null,
    version: r.version,
    criadaEm: r.createdAt.toISOString(),
  };
}

export async function detalharNota(tx: Transaction, a: AutorDaTela, id: string): Promise<NotaEmitida> {
  return comoNota(await linhaDaNota(tx, a, id));
}

/** The company's notes, newest first, optionally of one situation. */
export async function listarNotas(tx: Transaction, a: AutorDaTela, situacao: string | null): Promise<NotaEmitida[]> {
  const rows = await tx
    .select()
    .from(notaFiscalEmitida)
    .where(and(eq(notaFiscalEmitida.grupoEmpresarialId, a.grupoEmpresarial), eq(notaFiscalEmitida.empresaId, a.empresa), situacao ? eq(notaFiscalEmitida.situacao, situacao) : undefined))
    .orderBy(desc(notaFiscalEmitida.createdAt))
    .limit(500);
  return rows.map(comoNota);
}

/** notaEditavel re-exported for the routes. */
export { notaEditavel };
