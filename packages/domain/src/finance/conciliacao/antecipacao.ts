import { semAcento } from '../../shared/texto.ts';
import { paraEscalado } from '../../shared/decimal.ts';
import { ratear } from '../relatorios/rateio.ts';
import { valorPresente } from '../recebiveis/antecipacao.ts';
import { paraDias } from '../recebiveis/diasUteis.ts';
import { JANELA_DIAS, memoNomeia, nomeParaMemo, type CasamentoRecebivel, type LinhaAberta, type RecebivelPrevisto } from './casamento.ts';

/**
 * An acquirer's own anticipation (issue 14): one credit, before the forecast dates, paying several later
 * days' expected net of one operadora less a discount (automatic anticipation in the contract, or one the
 * owner asked for in the acquirer's portal). Pure and deterministic, like casamento.ts.
 */

/** The highest monthly rate (percent, simple pro rata by days) an unexplained discount may imply and still be read as anticipation. */
export const TAXA_ANTECIPACAO_MAXIMA = '5.00';
/** How far a credit may be from the contracted rate's present value (the acquirer rounds per installment). */
export const TOLERANCIA_ANTECIPACAO_CONTRATADA = 100;

export interface DiaAntecipado extends RecebivelPrevisto {
  operadora: string;
  /** Calendar days from the credit to the day it was due. */
  dias: number;
  /** This day's share of the discount (weighted by net × days), centavos. */
  desconto: number;
}

export interface CasamentoAntecipacao {
  linha: string;
  operadora: string;
  operadoraNome: string;
  dias: DiaAntecipado[];
  /** Sum of the days' net − the credit. */
  desconto: number;
  /** The operadora's contracted anticipation rate explains the credit (else only the bound does). */
  contratada: boolean;
}

/**
 * Effective monthly rate of a discount over Σ net × days (simple, pro rata by days), in hundredths of a
 * percent rounded half up (200 = 2,00 % a month), in integers; null without a term.
 */
export function taxaMensalAntecipacao(desconto: number, liquidoVezesDias: number): number | null {
  if (liquidoVezesDias <= 0) return null;
  const [a, b] = [BigInt(desconto) * 300_000n, BigInt(liquidoVezesDias)];
  return Number((2n * a + b) / (2n * b));
}

/** Code-point order of ISO dates and ids (not localeCompare: the same on every machine). */
const comparar = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

interface Candidato {
  l: LinhaAberta;
  operadora: string;
  operadoraNome: string;
  dias: { r: RecebivelPrevisto; n: number }[];
  desconto: number;
  contratada: boolean;
  /** Ranking only (never stored): distance to the contracted value, or the implied rate. */
  medida: number;
}

/**
 * Each credit line whose memo names an operadora ↔ a run of that operadora's open days after the line's
 * date (consecutive among its open days) whose expected net, less the discount, is the credit: first the
 * contracted rate (`taxasContratadas`, monthly percent per operadora id, compounded as the forecast does,
 * within TOLERANCIA_ANTECIPACAO_CONTRATADA), else any discount whose simple monthly rate is at most
 * TAXA_ANTECIPACAO_MAXIMA. Contracted first, then the run starting earliest, fewer days, the closest, the line's order.
 * A day is taken once, a line once. A run must hold every open day of the operadora within ±JANELA_DIAS of
 * the credit (one due on or before it never is): otherwise the credit is likely that payout, off its forecast.
 */
export function casarAntecipacoes(linhas: readonly LinhaAberta[], previstos: readonly RecebivelPrevisto[], taxasContratadas: ReadonlyMap<string, string>): CasamentoAntecipacao[] {
  const porOperadora = new Map<string, RecebivelPrevisto[]>();
  for (const r of previstos) {
    if (!r.operadora || r.liquido <= 0) continue;
    const lista = porOperadora.get(r.operadora);
    if (lista) lista.push(r);
    else porOperadora.set(r.operadora, [r]);
  }
  for (const lista of porOperadora.values()) lista.sort((a, b) => comparar(a.data, b.data));
  const maxima = paraEscalado(TAXA_ANTECIPACAO_MAXIMA, 2); // percent × 100
  const candidatos: Candidato[] = [];
  for (const l of linhas) {
    if (l.valor <= 0) continue;
    const memo = semAcento(l.memo);
    const diaLinha = paraDias(l.data);
    for (const [operadora, lista] of porOperadora) {
      if (!memoNomeia(memo, nomeParaMemo(lista[0]!.operadoraNome))) continue;
      const taxa = taxasContratadas.get(operadora);
      const contratada = taxa !== undefined && paraEscalado(taxa, 2) > 0n ? taxa : null;
      // A payout of this operadora due around the credit (±JANELA_DIAS) that the run leaves out makes the credit
      // ambiguous: most likely that payout with a fee off by more than the receivable rule's 1%, not an
      // anticipation of later days. Left to be matched by hand.
      const proximos = lista.filter((r) => Math.abs(paraDias(r.data) - diaLinha) <= JANELA_DIAS);
      const depois = lista.filter((r) => paraDias(r.data) > diaLinha);
      // Each day's present value once per line (the runs below add them up).
      const presentes = contratada ? depois.map((r) => valorPresente(r.liquido, contratada, paraDias(r.data) - diaLinha)) : [];
      for (let i = 0; i < depois.length; i++) {
        let liquido = 0;
        let prazo = 0n;
        let presente = 0;
        const dias: Candidato['dias'] = [];
        for (let j = i; j < depois.length; j++) {
          const r = depois[j]!;
          const n = paraDias(r.data) - diaLinha;
          dias.push({ r, n });
          liquido += r.liquido;
          prazo += BigInt(r.liquido) * BigInt(n);
          if (contratada) presente += presentes[j]!;
          const desconto = liquido - l.valor;
          if (desconto < 0) continue;
          if (proximos.some((p) => !dias.some((d) => d.r === p))) continue;
          const base = { l, operadora, operadoraNome: lista[0]!.operadoraNome, dias: [...dias], desconto };
          if (contratada && Math.abs(l.valor - presente) <= TOLERANCIA_ANTECIPACAO_CONTRATADA) candidatos.push({ ...base, contratada: true, medida: Math.abs(l.valor - presente) });
          // rate % = desconto × 30 × 100 / prazo ≤ máxima / 100, in integers.
          else if (BigInt(desconto) * 30n * 10_000n <= prazo * maxima) candidatos.push({ ...base, contratada: false, medida: Number((BigInt(desconto) * 30n * 10n ** 12n) / (prazo || 1n)) });
          // Past the bound a further day (less than 600 days out) only raises the rate, and past the contract's value the present value only grows.
          else if (!contratada || presente > l.valor + TOLERANCIA_ANTECIPACAO_CONTRATADA) break;
        }
      }
    }
  }
  // The acquirer anticipates the nearest receivables first: the earliest run, the shortest, then the closest to the rate.
  candidatos.sort(
    (a, b) =>
      Number(b.contratada) - Number(a.contratada) ||
      comparar(a.dias[0]!.r.data, b.dias[0]!.r.data) ||
      a.dias.length - b.dias.length ||
      a.medida - b.medida ||
      comparar(a.l.data, b.l.data) ||
      a.l.ordem - b.l.ordem ||
      comparar(a.operadora, b.operadora),
  );
  const linhasUsadas = new Set<string>();
  const diasUsados = new Set<string>();
  const casados: CasamentoAntecipacao[] = [];
  for (const c of candidatos) {
    const chaves = c.dias.map((d) => `${c.operadora}|${d.r.data}`);
    if (linhasUsadas.has(c.l.id) || chaves.some((k) => diasUsados.has(k))) continue;
    linhasUsadas.add(c.l.id);
    for (const k of chaves) diasUsados.add(k);
    casados.push(montarAntecipacao(c.l, c.operadora, c.operadoraNome, c.dias.map((d) => d.r), c.contratada));
  }
  return casados;
}

/**
 * A credit line as the anticipation of `dias` (one operadora's days after the line's date): the discount is
 * their net less the credit, shared among them by net × days to the centavo (largest remainder). The
 * automatic matching and a match by hand both build it here.
 */
export function montarAntecipacao(
  l: Pick<LinhaAberta, 'id' | 'data' | 'valor'>,
  operadora: string,
  operadoraNome: string,
  dias: readonly RecebivelPrevisto[],
  contratada: boolean,
): CasamentoAntecipacao {
  const diaLinha = paraDias(l.data);
  const prazos = dias.map((r) => paraDias(r.data) - diaLinha);
  const desconto = dias.reduce((s, r) => s + r.liquido, 0) - l.valor;
  const partes = ratear(desconto, dias.map((r, i) => r.liquido * prazos[i]!));
  return { linha: l.id, operadora, operadoraNome, desconto, contratada, dias: dias.map((r, i) => ({ ...r, operadora, dias: prazos[i]!, desconto: partes[i]! })) };
}

/**
 * The payouts the receivable matching took (casarRecebiveis, within 1% when the memo names the operadora)
 * that came before their day and short of its net by what the operadora's contracted anticipation rate
 * costs for those days (within TOLERANCIA_ANTECIPACAO_CONTRATADA of the present value): those are one day
 * anticipated, so the fee audit shows the discount as anticipation cost, not as an MDR difference. Only the
 * contracted rate decides here: a small shortfall a day or two early with no contract explaining it stays
 * an MDR difference (the bank may post a day off, an acquirer may overcharge).
 */
export function separarAntecipados(
  recebidos: readonly CasamentoRecebivel[],
  linhas: ReadonlyMap<string, LinhaAberta>,
  taxasContratadas: ReadonlyMap<string, string>,
): { recebidos: CasamentoRecebivel[]; antecipados: CasamentoAntecipacao[] } {
  const ficam: CasamentoRecebivel[] = [];
  const antecipados: CasamentoAntecipacao[] = [];
  for (const r of recebidos) {
    const l = linhas.get(r.linha);
    const adiantado = l !== undefined && l.data < r.recebivel.data && l.valor < r.recebivel.liquido;
    const [a] = adiantado ? casarAntecipacoes([l], [r.recebivel], taxasContratadas) : [];
    if (a?.contratada) antecipados.push(a);
    else ficam.push(r);
  }
  return { recebidos: ficam, antecipados };
}
