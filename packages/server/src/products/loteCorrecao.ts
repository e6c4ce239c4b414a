import { descreverEdicao, findRecurso, type EdicaoEmMassa } from '@retaguarda/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { correcaoProdutosLote, usuario, type ItemLoteCorrecao } from '../db/schema/index.ts';
import { HttpError } from '../plugins/envelope.ts';
import { alterarNaTransacao } from '../resources/pipeline.ts';
import { findById } from '../resources/repository.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { comProduto, nomeProduto, planejar, rotuladorDe, type ProdutoRef } from './edicaoEmMassa.ts';

async function nomeDoUsuario(tx: Transaction, s: SessaoRequest): Promise<string> {
  const [u] = await tx.select({ nome: usuario.nome }).from(usuario).where(and(eq(usuario.grupoEmpresarialId, s.grupoEmpresarial), eq(usuario.id, s.usuario)));
  return u?.nome ?? s.usuario;
}

/** A batch as the screen lists it (the items only in the detail). */
function resumo(l: typeof correcaoProdutosLote.$inferSelect) {
  return {
    _id: l.id,
    criadoEm: l.createdAt.toISOString(),
    usuario: l.usuarioNome,
    campo: l.campo,
    descricao: l.descricao,
    quantidade: l.itens.length,
    desfeitoEm: l.desfeitoEm?.toISOString() ?? null,
    desfeitoPor: l.desfeitoPorNome,
  };
}
export type ResumoLote = ReturnType<typeof resumo>;

/**
 * Applies the edit to the products of the preview, in the caller's one transaction: each with the
 * version the preview read (a product changed since is refused with 409 naming it), each through the
 * update pipeline (a refusal names the product); then keeps the batch with the values before.
 */
export async function aplicarLote(tx: Transaction, s: SessaoRequest, edicao: EdicaoEmMassa, itens: { produto: string; version: number }[]) {
  const versoes = new Map(itens.map((i) => [i.produto, i.version]));
  const { planos, recusados } = await planejar(tx, s, edicao, { produtos: [...versoes.keys()] });
  const recusa = recusados[0];
  if (recusa) throw new HttpError(recusa.produto.codigo ? 400 : 404, recusa.produto.codigo ? `${nomeProduto(recusa.produto)}: ${recusa.motivo}` : recusa.motivo);
  const def = findRecurso(planos[0]?.recurso ?? 'produtoGeral')!;
  const feitos: Omit<ItemLoteCorrecao, 'antesTexto' | 'depoisTexto'>[] = [];
  for (const plano of planos) {
    if (plano.version !== versoes.get(plano.produto._id)) {
      throw new HttpError(409, `O produto ${nomeProduto(plano.produto)} foi alterado por outra pessoa depois da prévia. Faça a prévia de novo: nada foi alterado.`);
    }
    let alterado;
    try {
      alterado = await alterarNaTransacao(tx, def, s, plano.registroId, { version: plano.version, [edicao.campo]: plano.depois });
    } catch (error) {
      comProduto(error, plano.produto);
    }
    feitos.push({ recurso: plano.recurso, registroId: plano.registroId, produto: plano.produto, antes: plano.antes, depois: alterado[edicao.campo] ?? null, versao: alterado.version as number });
  }
  const rotulo = await rotuladorDe(tx, s, edicao.campo, [...feitos.flatMap((f) => [f.antes, f.depois]), edicao.valor]);
  const [lote] = await tx
    .insert(correcaoProdutosLote)
    .values({
      grupoEmpresarialId: s.grupoEmpresarial,
      empresaId: s.empresa,
      usuarioId: s.usuario,
      usuarioNome: await nomeDoUsuario(tx, s),
      campo: edicao.campo,
      edicao: edicao as Record<string, unknown>,
      // The value as stored ('2106.90.90' typed is kept as 21069090), by its name for a reference.
      descricao: descreverEdicao(edicao, edicao.modo === 'valor' && edicao.campo !== 'preco' && edicao.campo !== 'custo' ? rotulo(feitos[0]?.depois ?? edicao.valor) : null),
      itens: feitos.map((f) => ({ ...f, antesTexto: rotulo(f.antes), depoisTexto: rotulo(f.depois) })),
    })
    .returning();
  return resumo(lote!);
}

async function loteDaEmpresa(tx: Transaction, s: SessaoRequest, id: string, paraAlterar = false) {
  const consulta = tx
    .select()
    .from(correcaoProdutosLote)
    .where(and(eq(correcaoProdutosLote.grupoEmpresarialId, s.grupoEmpresarial), eq(correcaoProdutosLote.empresaId, s.empresa), eq(correcaoProdutosLote.id, id)));
  const [lote] = paraAlterar ? await consulta.for('update') : await consulta;
  if (!lote) throw new HttpError(404, 'Lote de correção não encontrado.');
  return lote;
}

/** The active company's batches, newest first. */
export async function listarLotes(tx: Transaction, s: SessaoRequest): Promise<ResumoLote[]> {
  const lotes = await tx
    .select()
    .from(correcaoProdutosLote)
    .where(and(eq(correcaoProdutosLote.grupoEmpresarialId, s.grupoEmpresarial), eq(correcaoProdutosLote.empresaId, s.empresa)))
    .orderBy(desc(correcaoProdutosLote.createdAt), desc(correcaoProdutosLote.id))
    .limit(50);
  return lotes.map(resumo);
}

export async function detalharLote(tx: Transaction, s: SessaoRequest, id: string) {
  const lote = await loteDaEmpresa(tx, s, id);
  return { ...resumo(lote), itens: lote.itens.map(({ produto, antes, depois, antesTexto, depoisTexto }) => ({ produto, antes, depois, antesTexto, depoisTexto })) };
}

/**
 * Undo: every record back to its value before the batch, in the caller's one transaction; refused
 * (409 naming the product, nothing written) when any was changed after the batch.
 */
export async function desfazerLote(tx: Transaction, s: SessaoRequest, id: string) {
  const lote = await loteDaEmpresa(tx, s, id, true);
  if (lote.desfeitoEm) throw new HttpError(409, 'Este lote já foi desfeito.');
  for (const item of lote.itens) {
    const def = findRecurso(item.recurso)!;
    const produto: ProdutoRef = item.produto;
    const atual = await findById(tx, def, s, item.registroId);
    if (!atual || atual.lixo || atual.version !== item.versao) {
      throw new HttpError(409, `O produto ${nomeProduto(produto)} foi alterado depois deste lote; desfazer foi recusado e nada foi alterado.`);
    }
    try {
      await alterarNaTransacao(tx, def, s, item.registroId, { version: atual.version, [lote.campo]: item.antes });
    } catch (error) {
      comProduto(error, produto);
    }
  }
  const [desfeito] = await tx
    .update(correcaoProdutosLote)
    .set({ desfeitoEm: sql`now()`, desfeitoPorNome: await nomeDoUsuario(tx, s), version: sql`${correcaoProdutosLote.version} + 1` })
    .where(and(eq(correcaoProdutosLote.grupoEmpresarialId, s.grupoEmpresarial), eq(correcaoProdutosLote.id, id)))
    .returning();
  return resumo(desfeito!);
}
