import { CASAS_CUSTO, CASAS_ESTOQUE, custo, qtd, textoQtd } from './custoMedio.ts';
import { paraEscalado } from '../shared/decimal.ts';

/**
 * Recipe sheets (estoqueFichaTecnica): a product is made of ingredients, each in its own stock unit,
 * with a loss factor (peeling, trimming: the gross quantity is net ÷ (1 − perda)), and the recipe yields
 * `rendimento` units of the product. An ingredient may itself have a recipe, to any depth, never in a cycle.
 */
export interface FichaParaCalculo {
  produto: string;
  /** Units of the product the recipe yields (4 places). */
  rendimento: string;
  itens: readonly { produto: string; quantidade: string; perda: string | null }[];
}

/** An exact fraction of BigInts: quantities through divisions stay exact until rounded once, at the end. */
interface Fracao {
  n: bigint;
  d: bigint;
}
const mdc = (a: bigint, b: bigint): bigint => {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y) [x, y] = [y, x % y];
  return x || 1n;
};
const reduzir = (f: Fracao): Fracao => {
  const g = mdc(f.n, f.d);
  return { n: f.n / g, d: f.d / g };
};
const somar = (a: Fracao, b: Fracao): Fracao => reduzir({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
const multiplicar = (a: Fracao, b: Fracao): Fracao => reduzir({ n: a.n * b.n, d: a.d * b.d });
/** A fraction at `casas` places, half away from zero. */
function arredondar(f: Fracao, casas: number): bigint {
  const escala = 10n ** BigInt(casas);
  const n = f.n * escala;
  const negativo = n < 0n !== f.d < 0n;
  const [x, y] = [n < 0n ? -n : n, f.d < 0n ? -f.d : f.d];
  const q = (x * 2n + y) / (2n * y);
  return negativo ? -q : q;
}

/** 'Ficha técnica em ciclo: Pão → Massa → Pão': the first cycle through `inicio`, by description. */
export function cicloDasFichas(fichas: ReadonlyMap<string, FichaParaCalculo>, inicio: string, descricao: (id: string) => string): string | null {
  const caminho: string[] = [];
  const visitar = (produto: string): string[] | null => {
    if (caminho.includes(produto)) return [...caminho.slice(caminho.indexOf(produto)), produto];
    const ficha = fichas.get(produto);
    if (!ficha) return null;
    caminho.push(produto);
    for (const item of ficha.itens) {
      const ciclo = visitar(item.produto);
      if (ciclo) return ciclo;
    }
    caminho.pop();
    return null;
  };
  const ciclo = visitar(inicio);
  return ciclo ? ciclo.map(descricao).join(' → ') : null;
}

/**
 * The base ingredients (those without a recipe of their own) and their gross quantities for `quantidade`
 * units of `produto`, through every sub-recipe; a product without a recipe is its own base ingredient.
 * Exact fractions throughout, each quantity rounded once to the ledger's 4 places.
 */
export function explodirFicha(fichas: ReadonlyMap<string, FichaParaCalculo>, produto: string, quantidade: string): Map<string, string> {
  return new Map([...explodirExato(fichas, produto, quantidade)].map(([p, f]) => [p, textoQtd(arredondar(f, CASAS_ESTOQUE))]));
}

/**
 * explodirFicha for many quantities of the same products (a report exploding every product sold): each
 * product's exact per-unit explosion is computed once, and a quantity (4 places, scaled) is multiplied
 * through it and rounded once per ingredient, so the answers are exactly explodirFicha's, as scaled BigInts.
 */
export function explosorDeFichas(fichas: ReadonlyMap<string, FichaParaCalculo>): (produto: string, quantidade: bigint) => [string, bigint][] {
  const porUnidade = new Map<string, [string, bigint, bigint][]>();
  return (produto, quantidade) => {
    let unitaria = porUnidade.get(produto);
    if (!unitaria) porUnidade.set(produto, (unitaria = [...explodirExato(fichas, produto, '1')].map(([p, f]) => [p, f.n, f.d])));
    // (n ÷ d) × (q ÷ 10⁴) at 4 places is n × q ÷ d, rounded half away from zero.
    return unitaria.map(([p, n, d]) => [p, arredondar({ n: n * quantidade, d }, 0)]);
  };
}

function explodirExato(fichas: ReadonlyMap<string, FichaParaCalculo>, produto: string, quantidade: string): Map<string, Fracao> {
  const totais = new Map<string, Fracao>();
  const descer = (p: string, q: Fracao, profundidade: number) => {
    const ficha = fichas.get(p);
    if (!ficha || profundidade > 32) {
      totais.set(p, somar(totais.get(p) ?? { n: 0n, d: 1n }, q));
      return;
    }
    const porUnidade: Fracao = { n: 10n ** BigInt(CASAS_ESTOQUE), d: qtd(ficha.rendimento) };
    for (const item of ficha.itens) {
      const liquido: Fracao = { n: qtd(item.quantidade), d: 10n ** BigInt(CASAS_ESTOQUE) };
      // Gross = net ÷ (1 − perda%): 10% loss means buying 1/0.9 of what goes in.
      const perda = item.perda ? paraEscalado(item.perda, 2) : 0n;
      const bruto = multiplicar(liquido, { n: 10_000n, d: 10_000n - perda });
      descer(item.produto, multiplicar(multiplicar(q, porUnidade), bruto), profundidade + 1);
    }
  };
  descer(produto, { n: qtd(quantidade), d: 10n ** BigInt(CASAS_ESTOQUE) }, 0);
  return totais;
}

/**
 * The cost in centavos of one unit of the product by its recipe, from each base ingredient's average
 * unit cost (centavos, 4 places); an ingredient with no cost yet counts as zero and is listed.
 */
export function custoDaFicha(fichas: ReadonlyMap<string, FichaParaCalculo>, produto: string, custos: ReadonlyMap<string, string>): { centavos: string; semCusto: string[] } {
  const ingredientes = explodirExato(fichas, produto, '1');
  let total: Fracao = { n: 0n, d: 1n };
  const semCusto: string[] = [];
  for (const [p, q] of ingredientes) {
    const c = custos.get(p);
    if (c === undefined || custo(c) === 0n) semCusto.push(p);
    total = somar(total, multiplicar(q, { n: custo(c ?? '0'), d: 10n ** BigInt(CASAS_CUSTO) }));
  }
  // Centavos with 2 places: a dish's cost shown to the centavo, kept exact enough for margins.
  const centavos = arredondar(total, 2);
  const texto = `${centavos < 0n ? '-' : ''}${(centavos < 0n ? -centavos : centavos) / 100n}.${String((centavos < 0n ? -centavos : centavos) % 100n).padStart(2, '0')}`;
  return { centavos: texto, semCusto };
}
