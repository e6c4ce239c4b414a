import { comPrecosDaTabela, momentoNoFuso, type CanalVenda, type SecaoVitrine } from '@retaguarda/domain';
import type { Transaction } from '../db/client.ts';
import { vitrinePublicada } from '../products/vitrinePublicada.ts';
import { fusoDoGrupo, nomeDaLoja, tabelaDaConfig, type Loja } from './qrCode/mesas.ts';

export interface CardapioPublico {
  loja: string;
  cardapio: string;
  /** The menu itself is active (an inactive one shows, takes no orders). */
  ativo: boolean;
  secoes: SecaoVitrine[];
  /** The store's local time now (HH:MM), for opening hours. */
  hora: string;
}

/**
 * What a public page (QR table, delivery) shows: the published version of `cardapio` with availability read
 * now and `tabela`'s prices over its own when the table applies to `canal` at this moment; empty sections dropped.
 */
export async function cardapioPublico(tx: Transaction, l: Loja, cardapio: string, tabela: string | null, canal: CanalVenda): Promise<CardapioPublico> {
  const [vitrine, tabelaLida, loja] = [await vitrinePublicada(tx, l, cardapio), await tabelaDaConfig(tx, l, tabela), await nomeDaLoja(tx, l)];
  const momento = momentoNoFuso(new Date(), await fusoDoGrupo(tx, l.grupoEmpresarial), canal);
  return { loja, cardapio: vitrine.cardapio, ativo: vitrine.ativo, secoes: comPrecosDaTabela(vitrine.secoes, tabelaLida, momento).filter((s) => s.itens.length), hora: momento.hora };
}
