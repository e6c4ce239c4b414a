import type { SecaoVitrine } from '@retaguarda/domain';
import type { Transaction } from '../../db/client.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { cardapioPublico } from '../cardapioPublico.ts';
import { lerConfig, type MesaPublica } from './mesas.ts';

/** What the table's page shows and what an order from it is priced by. */
export interface CardapioDaMesa {
  loja: string;
  mesa: { numero: number; nome: string; area: string };
  /** False when the store switched QR ordering off or the table is inactive: the menu shows, orders are refused. */
  aceitaPedidos: boolean;
  taxaServico: string;
  cardapio: string;
  secoes: SecaoVitrine[];
}

/**
 * The published version of the setup's menu with availability read now and the setup's price table over
 * its prices; sections left empty are dropped. 404 while the store has no QR setup.
 */
export async function cardapioDaMesa(tx: Transaction, m: MesaPublica): Promise<CardapioDaMesa> {
  const config = await lerConfig(tx, m);
  if (!config) throw new HttpError(404, 'Esta loja ainda não configurou o cardápio do QR Code.');
  const c = await cardapioPublico(tx, m, config.cardapio, config.tabelaVenda, 'QR Code');
  return {
    loja: c.loja,
    mesa: { numero: m.numero, nome: m.nome, area: m.area },
    aceitaPedidos: config.ativo && m.mesaAtiva && c.ativo,
    taxaServico: config.taxaServico,
    cardapio: c.cardapio,
    secoes: c.secoes,
  };
}
