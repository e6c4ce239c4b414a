import { assinaturaCardapio, findRecurso, mensagens, recursos, secoesParaPublicar, type PublicacaoCardapio } from '@retaguarda/domain';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { usuario } from '../db/schema/index.ts';
import { HttpError } from '../plugins/envelope.ts';
import { naoEncontrado, toRegistro } from '../resources/record.ts';
import { findById, update } from '../resources/repository.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { vitrineDe } from './vitrineFontes.ts';

/**
 * Freezes the menu's customer view (prices of the session's company, without availability, which is
 * read live) as its next published version: POST /api/cardapio/{_id}/publicar and the demonstration.
 */
export async function publicarCardapio(tx: Transaction, s: SessaoRequest, id: string, version: number) {
  const def = findRecurso('cardapio')!;
  const row = await findById(tx, def, s, id);
  if (!row || row.lixo) throw new HttpError(404, naoEncontrado(def));
  if (row.version !== version) throw new HttpError(409, mensagens.versaoDesatualizada);
  const dados = recursos.cardapio.schema.parse(row.dados);
  const vitrine = await vitrineDe(tx, s, dados.secoes, dados.canais, { semDisponibilidade: true });
  if (!vitrine.secoes.some((sec) => sec.itens.length)) {
    throw new HttpError(400, 'Nada a publicar: inclua ao menos um produto com preço nesta empresa.', {}, { secoes: 'Inclua ao menos um produto com preço nesta empresa.' });
  }
  const [quem] = await tx.select({ nome: usuario.nome }).from(usuario).where(and(eq(usuario.grupoEmpresarialId, s.grupoEmpresarial), eq(usuario.id, s.usuario)));
  const publicado: PublicacaoCardapio = {
    versao: (dados.publicado?.versao ?? 0) + 1,
    publicadoEm: new Date().toISOString(),
    publicadoPor: quem?.nome ?? '',
    assinatura: assinaturaCardapio(dados),
    conteudo: { descricao: dados.descricao, canais: dados.canais, disponibilidade: dados.disponibilidade, secoes: secoesParaPublicar(vitrine.secoes) },
  };
  const atualizado = await update(tx, def, s, id, version, { ...row.dados, publicado, situacao: 'Publicado' });
  if (!atualizado) throw new HttpError(409, mensagens.versaoDesatualizada);
  return { cardapio: toRegistro(atualizado), pendencias: vitrine.pendencias };
}
