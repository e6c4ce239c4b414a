import { semAcento } from '../../shared/texto.ts';
import { paraDias, somarDiasCorridos } from '../recebiveis/diasUteis.ts';

/**
 * Automatic bank reconciliation (issue 14), pure: which statement lines go with which ledger
 * movements or expected card receivables. Deterministic: the same lines and movements always give
 * the same matches, whatever order they come in.
 */

/** A statement line not reconciled yet. `ordem` breaks ties (date, then the file's order). */
export interface LinhaAberta {
  id: string;
  data: string;
  /** Centavos, negative for debits. */
  valor: number;
  memo: string;
  ordem: number;
}

/** A ledger movement of the account not reconciled yet. `ordem` is its recording order (seq). */
export interface MovimentoAberto {
  id: string;
  data: string;
  valor: number;
  ordem: number;
}

/** What the card and voucher forecast expects one operadora to pay on one day (net of fees). */
export interface RecebivelPrevisto {
  operadora: string | null;
  operadoraNome: string;
  data: string;
  bruto: number;
  taxas: number;
  /** The chargebacks the acquirer takes from this payout (already out of `liquido`). */
  chargeback?: number;
  liquido: number;
}

export type OrigemConciliacao = 'exato' | 'janela' | 'dia' | 'recebivel' | 'antecipacao' | 'regra' | 'manual' | 'criado';

export interface Casamento {
  linha: string;
  movimentos: string[];
  origem: OrigemConciliacao;
}

export interface CasamentoRecebivel {
  linha: string;
  recebivel: RecebivelPrevisto;
}

/** Days on either side of a line's date where its movement may fall (the bank posts a day or two off). */
export const JANELA_DIAS = 3;

const distancia = (a: string, b: string) => Math.abs(paraDias(a) - paraDias(b));
const porOrdem = <T extends { data: string; ordem: number; id: string }>(a: T, b: T) => (a.data < b.data ? -1 : a.data > b.data ? 1 : a.ordem - b.ordem || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/**
 * One line ↔ one movement of exactly the same amount within ±JANELA_DIAS days, nearest first: every
 * candidate pair is ranked by distance in days, then by the line's and the movement's order, and
 * taken while both are free (so a movement two days off never takes the place of one on the day).
 */
export function casarExatos(linhas: readonly LinhaAberta[], movimentos: readonly MovimentoAberto[]): Casamento[] {
  const porValor = new Map<number, MovimentoAberto[]>();
  for (const m of movimentos) {
    if (m.valor === 0) continue;
    const lista = porValor.get(m.valor);
    if (lista) lista.push(m);
    else porValor.set(m.valor, [m]);
  }
  const pares: { l: LinhaAberta; m: MovimentoAberto; d: number }[] = [];
  for (const l of linhas) {
    for (const m of porValor.get(l.valor) ?? []) {
      const d = distancia(l.data, m.data);
      if (d <= JANELA_DIAS) pares.push({ l, m, d });
    }
  }
  pares.sort((a, b) => a.d - b.d || porOrdem(a.l, b.l) || porOrdem(a.m, b.m));
  const linhasUsadas = new Set<string>();
  const movimentosUsados = new Set<string>();
  const casados: Casamento[] = [];
  for (const { l, m, d } of pares) {
    if (linhasUsadas.has(l.id) || movimentosUsados.has(m.id)) continue;
    linhasUsadas.add(l.id);
    movimentosUsados.add(m.id);
    casados.push({ linha: l.id, movimentos: [m.id], origem: d === 0 ? 'exato' : 'janela' });
  }
  return casados;
}

/** The day offsets tried for a grouped match, nearest first: 0, −1, +1, −2, +2… */
const deslocamentos = [0, ...Array.from({ length: JANELA_DIAS }, (_, i) => [-(i + 1), i + 1]).flat()];

/**
 * A line ↔ all of one day's free movements of its sign, when there are two or more and they sum to
 * it exactly (e.g. the day's card sales posted one by one, paid as one credit). Lines in order; the
 * nearest day first.
 */
export function casarPorDia(linhas: readonly LinhaAberta[], movimentos: readonly MovimentoAberto[]): Casamento[] {
  const porDia = new Map<string, MovimentoAberto[]>();
  for (const m of [...movimentos].sort(porOrdem)) {
    if (m.valor === 0) continue;
    const chave = `${m.data}|${Math.sign(m.valor)}`;
    const lista = porDia.get(chave);
    if (lista) lista.push(m);
    else porDia.set(chave, [m]);
  }
  const casados: Casamento[] = [];
  for (const l of [...linhas].sort(porOrdem)) {
    for (const d of deslocamentos) {
      const chave = `${somarDiasCorridos(l.data, d)}|${Math.sign(l.valor)}`;
      const doDia = porDia.get(chave);
      if (!doDia || doDia.length < 2 || doDia.reduce((s, m) => s + m.valor, 0) !== l.valor) continue;
      casados.push({ linha: l.id, movimentos: doDia.map((m) => m.id), origem: 'dia' });
      porDia.delete(chave);
      break;
    }
  }
  return casados;
}

/** An operadora's name as a memo is searched for it: accents and case folded (semAcento), trimmed; computed once per name. */
export const nomeParaMemo = (nome: string) => semAcento(nome).trim();
/** Whether a bank line's memo (through semAcento) names the operadora (through nomeParaMemo): how every matching step tells the acquirer's credit. */
export const memoNomeia = (memo: string, nome: string) => nome !== '' && memo.includes(nome);

/**
 * How far a bank credit whose memo names the acquirer may be from the forecast net and still be that
 * day's payment: 1% or R$ 1,00, whichever is larger (what differs is what the fee audit shows).
 * Without the name, only the exact net matches.
 */
export const toleranciaRecebivel = (liquido: number) => Math.max(100, Math.round(Math.abs(liquido) / 100));

/**
 * A credit line ↔ one operadora's expected net on one day within ±JANELA_DIAS days, one-to-one (the
 * exact net, or near it when the memo names the operadora):
 * ranked by the difference in centavos, then distance in days, then whether the memo names the
 * operadora, then the line's order and the operadora.
 */
export function casarRecebiveis(linhas: readonly LinhaAberta[], previstos: readonly RecebivelPrevisto[]): CasamentoRecebivel[] {
  const pares: { l: LinhaAberta; r: RecebivelPrevisto; chave: string; dif: number; d: number; nomeia: number }[] = [];
  // By day number, so each line looks only at the seven days around it.
  const porDia = new Map<number, RecebivelPrevisto[]>();
  for (const r of previstos) {
    if (r.liquido <= 0) continue;
    const dia = paraDias(r.data);
    const lista = porDia.get(dia);
    if (lista) lista.push(r);
    else porDia.set(dia, [r]);
  }
  const nomes = new Map<RecebivelPrevisto, string>();
  for (const l of linhas) {
    if (l.valor <= 0) continue;
    const memo = semAcento(l.memo);
    const diaLinha = paraDias(l.data);
    for (let desloc = -JANELA_DIAS; desloc <= JANELA_DIAS; desloc++) {
      for (const r of porDia.get(diaLinha + desloc) ?? []) {
        const dif = Math.abs(l.valor - r.liquido);
        if (dif > toleranciaRecebivel(r.liquido)) continue;
        let nome = nomes.get(r);
        if (nome === undefined) nomes.set(r, (nome = nomeParaMemo(r.operadoraNome)));
        const nomeia = memoNomeia(memo, nome);
        // A difference is accepted only when the memo names the acquirer: a deposit that happens to be near a day's net is not its payment.
        if (dif > 0 && !nomeia) continue;
        pares.push({ l, r, chave: `${r.operadora ?? ''}|${r.data}`, dif, d: Math.abs(desloc), nomeia: nomeia ? 0 : 1 });
      }
    }
  }
  pares.sort((a, b) => a.dif - b.dif || a.d - b.d || a.nomeia - b.nomeia || porOrdem(a.l, b.l) || (a.chave < b.chave ? -1 : a.chave > b.chave ? 1 : 0));
  const linhasUsadas = new Set<string>();
  const usados = new Set<string>();
  const casados: CasamentoRecebivel[] = [];
  for (const { l, r, chave } of pares) {
    if (linhasUsadas.has(l.id) || usados.has(chave)) continue;
    linhasUsadas.add(l.id);
    usados.add(chave);
    casados.push({ linha: l.id, recebivel: r });
  }
  return casados;
}

/** A saved rule: lines whose memo contains `texto` (case and accents ignored), optionally of one account and sign. */
export interface RegraConciliacao {
  id: string;
  texto: string;
  conta: string | null;
  sinal: 'credito' | 'debito' | null;
  planoConta: string;
  descricao: string | null;
}

export function regraAplica(regra: RegraConciliacao, conta: string, linha: Pick<LinhaAberta, 'memo' | 'valor'>): boolean {
  if (regra.conta && regra.conta !== conta) return false;
  if (regra.sinal === 'credito' && linha.valor <= 0) return false;
  if (regra.sinal === 'debito' && linha.valor >= 0) return false;
  return semAcento(linha.memo).includes(semAcento(regra.texto.trim()));
}

/** The first rule (in the order given: oldest first) that applies to each line. */
export function aplicarRegras(regras: readonly RegraConciliacao[], conta: string, linhas: readonly LinhaAberta[]): { linha: LinhaAberta; regra: RegraConciliacao }[] {
  return [...linhas].sort(porOrdem).flatMap((linha) => {
    const regra = regras.find((r) => regraAplica(r, conta, linha));
    return regra ? [{ linha, regra }] : [];
  });
}
