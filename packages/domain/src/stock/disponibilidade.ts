import { qtd, textoQtd } from './custoMedio.ts';
import { explodirFicha, type FichaParaCalculo } from './fichaTecnica.ts';

/**
 * Availability by stock (docs/decisions/0016): whether the channels that read the menu (the menu's
 * preview and published version, the kiosk, the QR code page) may offer a product now, read from the
 * balances the ledger keeps in the company's sales location.
 *
 * A product is unavailable ('Esgotado') when selling one unit would take out what is not on the shelf,
 * exactly as the sale lowers stock (packages/server/src/stock/baixaVendas.ts):
 * - with a recipe sheet: one of its base ingredients (through sub-recipes) whose stock the company
 *   controls has less in the location than one unit of the dish takes;
 * - without one, when the company controls its stock: nothing of it left there (balance ≤ 0; a product
 *   sold by weight with 0,3 kg on the shelf can still be sold).
 * Ingredients whose stock the company does not control (salt, water) never make a dish unavailable:
 * nobody counts them, so their balance says nothing about the shelf.
 *
 * The company's "Permite estoque negativo" does not change this: that setting decides whether the ledger
 * accepts an exit beyond the balance (a sale at the till is recorded either way); availability is about
 * what is physically there to serve, and an ingredient at zero or below is not there, allowed or not.
 */

export const MOTIVO_ESGOTADO = 'Esgotado';

/** A stocked item that one unit of the product lacks in the sales location (quantities: 4 places, stock unit). */
export interface FaltaDisponibilidade {
  produto: string;
  /** What one unit takes (for a product sold as it is: '0.0000', anything on the shelf will do). */
  necessario: string;
  saldo: string;
}

export interface Indisponibilidade {
  motivo: typeof MOTIVO_ESGOTADO;
  faltas: FaltaDisponibilidade[];
}

export interface EstoqueParaDisponibilidade {
  /** The group's active recipe sheets, by product. */
  fichas: ReadonlyMap<string, FichaParaCalculo>;
  /** Products whose stock the company controls (produtoGeralEmpresa.controlaEstoque). */
  controlados: ReadonlySet<string>;
  /** Balances in the sales location, scaled to 4 places; a product absent has 0. */
  saldos: ReadonlyMap<string, bigint>;
}

/** The products of `produtos` that are unavailable, each with what it lacks; the others are available. */
export function avaliarDisponibilidade(produtos: Iterable<string>, e: EstoqueParaDisponibilidade): Map<string, Indisponibilidade> {
  const indisponiveis = new Map<string, Indisponibilidade>();
  const saldo = (p: string) => e.saldos.get(p) ?? 0n;
  for (const produto of new Set(produtos)) {
    const faltas: FaltaDisponibilidade[] = [];
    if (e.fichas.has(produto)) {
      for (const [ingrediente, quantidade] of explodirFicha(e.fichas, produto, '1')) {
        if (!e.controlados.has(ingrediente)) continue;
        const necessario = qtd(quantidade);
        if (saldo(ingrediente) < necessario || saldo(ingrediente) <= 0n) faltas.push({ produto: ingrediente, necessario: quantidade, saldo: textoQtd(saldo(ingrediente)) });
      }
    } else if (e.controlados.has(produto) && saldo(produto) <= 0n) {
      faltas.push({ produto, necessario: textoQtd(0n), saldo: textoQtd(saldo(produto)) });
    }
    if (faltas.length) indisponiveis.set(produto, { motivo: MOTIVO_ESGOTADO, faltas });
  }
  return indisponiveis;
}

/** GET /api/estoqueDisponibilidade: the company's products off the menus because of stock, for the owner. */
export interface DisponibilidadeEstoque {
  /** Empresa → Configurações → Estoque → "Indisponível automático" (on by default); off, every product is offered. */
  automatica: boolean;
  /** The sales location whose balances are read (null: the company has no active location, nothing is flagged). */
  local: { _id: string; descricao: string | null } | null;
  indisponiveis: {
    produto: string;
    codigo: string | null;
    descricao: string | null;
    motivo: typeof MOTIVO_ESGOTADO;
    faltas: (FaltaDisponibilidade & { codigo: string | null; descricao: string | null; unidade: string | null })[];
  }[];
}
