import { createHash } from 'node:crypto';
import { ErroOfx, extratosDaConta, lerOfx, type ExtratoOfx } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { financeiroExtratoImportacao, financeiroExtratoLinha } from '../../db/schema/index.ts';
import { newId } from '../../ids.ts';
import { inserirDeJson } from '../../db/insercaoJson.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { contasDaEmpresa, type AutorFinanceiro, type ContaDaEmpresa } from '../razao.ts';

export interface LinhaImportada {
  fitid: string;
  data: string;
  valor: number;
  memo: string;
}

export interface ResultadoImportacao {
  importadas: number;
  repetidas: number;
  linhas: LinhaImportada[];
}

const rotulos = { conta: 'Conta', arquivo: 'Arquivo' } as const;

/** 400/404/413 naming the field in Portuguese, with the field for a form. */
export function recusa(campo: keyof typeof rotulos, mensagem: string, status = 400): HttpError {
  return new HttpError(status, `${rotulos[campo]}: ${mensagem}`, {}, { [campo]: mensagem });
}

/** The file read, or 400 (413 when too big) saying what is wrong and where. Before any transaction. */
export function lerArquivoOfx(bytes: Uint8Array): ExtratoOfx[] {
  try {
    return lerOfx(bytes);
  } catch (e) {
    if (e instanceof ErroOfx) throw recusa('arquivo', e.message.endsWith('.') ? e.message : `${e.message}.`, e.motivo === 'grande' ? 413 : 400);
    throw e;
  }
}

/** The account of the session's company (404 otherwise: another company's or group's looks the same as none). */
export async function contaDaEmpresa(tx: Transaction, autor: AutorFinanceiro, id: string): Promise<ContaDaEmpresa> {
  const conta = (await contasDaEmpresa(tx, autor, [id])).get(id);
  if (!conta) throw recusa('conta', 'conta financeira não encontrada nesta empresa.', 404);
  return conta;
}

// Rows a statement: one JSON parameter each (inserirDeJson), in batches that keep a statement's text moderate.
const LOTE = 2000;

/**
 * Imports the statement lines of a read OFX file into an account, in the caller's transaction: each
 * line once per account (unique key + ON CONFLICT DO NOTHING, so a second import of the same file,
 * even at the same time, waits for the first and then finds every line there), and the import itself.
 */
export async function importarExtrato(tx: Transaction, autor: AutorFinanceiro, contaId: string, arquivo: { nome: string; bytes: Uint8Array }, lidos: ExtratoOfx[]): Promise<ResultadoImportacao> {
  const conta = await contaDaEmpresa(tx, autor, contaId);
  const escolha = extratosDaConta(lidos, conta);
  if ('erro' in escolha) throw recusa('arquivo', escolha.erro);
  const importacaoId = newId();
  const linhas = escolha.extratos.flatMap((e) => e.linhas);
  const base = { grupoEmpresarialId: autor.grupoEmpresarial, empresaId: autor.empresa, contaId: conta.id, importacaoId, usuarioId: autor.usuario };
  let importadas = 0;
  for (let i = 0; i < linhas.length; i += LOTE) {
    const valores = linhas.slice(i, i + LOTE).map((l, j) => ({
      ...base,
      id: newId(),
      fitid: l.fitid,
      data: l.data,
      valor: l.valor,
      memo: l.memo,
      nome: l.name,
      checknum: l.checknum,
      trntype: l.trntype,
      chave: l.chave,
      ocorrencia: l.ocorrencia,
      posicao: i + j,
    }));
    // A line the account already has (a previous or concurrent import) is skipped, not an error.
    const novas = await tx.execute(sql`${inserirDeJson(financeiroExtratoLinha, valores)} on conflict (grupo_empresarial_id, conta_id, chave, ocorrencia) do nothing returning 1`);
    importadas += novas.rows.length;
  }
  const datas = escolha.extratos.flatMap((e) => [e.inicio ?? e.linhas[0]?.data, e.fim ?? e.linhas.at(-1)?.data]).filter((d): d is string => Boolean(d)).sort();
  const saldo = escolha.extratos.findLast((e) => e.saldo)?.saldo ?? null;
  await tx.insert(financeiroExtratoImportacao).values({
    grupoEmpresarialId: autor.grupoEmpresarial,
    id: importacaoId,
    empresaId: autor.empresa,
    contaId: conta.id,
    arquivoNome: arquivo.nome,
    arquivoHash: createHash('sha256').update(arquivo.bytes).digest('hex'),
    linhas: linhas.length,
    importadas,
    repetidas: linhas.length - importadas,
    inicio: datas[0] ?? null,
    fim: datas.at(-1) ?? null,
    saldo: saldo?.valor ?? null,
    saldoData: saldo?.data ?? null,
    usuarioId: autor.usuario,
    importadoEm: sql`now()`,
  });
  return { importadas, repetidas: linhas.length - importadas, linhas: linhas.map((l) => ({ fitid: l.fitid, data: l.data, valor: l.valor, memo: l.memo })) };
}
