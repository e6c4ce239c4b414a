import { findRecurso, produtosPublicados, recursos, secoesComDisponibilidade, type ItemPublicado, type VitrinePublicada } from '@retaguarda/domain';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { registro } from '../db/schema/index.ts';
import { HttpError } from '../plugins/envelope.ts';
import { naoEncontrado } from '../resources/record.ts';
import { indisponiveis } from '../stock/disponibilidade.ts';

const def = findRecurso('cardapio')!;

/**
 * The published version of a menu of the company as the customer sees it now: the frozen sections with
 * each item's (and option's) availability by stock read live. 404 when the menu is not the company's, is
 * in the trash or was never published. Read by GET /api/cardapio/{_id}/vitrine and the QR code page.
 */
export async function vitrinePublicada(tx: Transaction, t: { grupoEmpresarial: string; empresa: string }, id: string): Promise<VitrinePublicada> {
  const [row] = await tx
    .select()
    .from(registro)
    .where(and(eq(registro.grupoEmpresarialId, t.grupoEmpresarial), eq(registro.recurso, def.nome), eq(registro.empresaId, t.empresa), eq(registro.id, id)));
  if (!row || row.lixo) throw new HttpError(404, naoEncontrado(def));
  const dados = recursos.cardapio.schema.parse(row.dados);
  if (!dados.publicado) throw new HttpError(404, 'Este cardápio ainda não foi publicado.');
  const conteudo = dados.publicado.conteudo as { descricao?: string; canais?: string[]; disponibilidade?: VitrinePublicada['disponibilidade']; secoes?: { nome: string; descricao: string; itens: ItemPublicado[] }[] };
  const secoes = conteudo.secoes ?? [];
  // Items and options in one read; options published before they kept their product are not judged.
  const esgotados = await indisponiveis(tx, t, produtosPublicados(secoes));
  return {
    cardapio: row.id,
    descricao: conteudo.descricao ?? dados.descricao,
    ativo: dados.ativo,
    canais: conteudo.canais ?? dados.canais,
    disponibilidade: conteudo.disponibilidade ?? [],
    versao: dados.publicado.versao,
    publicadoEm: dados.publicado.publicadoEm,
    secoes: secoesComDisponibilidade(secoes, esgotados),
  };
}
