import { contaPadrao, dataBr, memoNomeia, montarAntecipacao, nomeParaMemo, reais, semAcento, somarDiasCorridos, type RecebiveisDaLinha, type RecebivelAberto } from '@retaguarda/domain';
import type { Transaction } from '../../db/client.ts';
import { lancar, type AutorFinanceiro } from '../razao.ts';
import { quitarChargebacksDosRepasses } from '../recebiveis/chargebackDescontado.ts';
import { chaveDoDia, descricaoAntecipacao, descricaoRecebivel, diasTomados, erro, gravar, jaConciliada, linhaDaEmpresa, previsaoPorDia, recebiveisPrevistos, refLinha } from './conciliacao.ts';

/**
 * A credit matched by hand to an acquirer's expected payouts (issue 14): what the automatic matching
 * leaves — a payout more than 1% off its forecast (an acquirer charging above the contract: exactly what
 * the fee audit is for), a memo that names no acquirer, an anticipation at a rate above 5% a month or of
 * days the rule did not find. The match is stored as the automatic one is, with origem manual, so the fee
 * audit reads it the same way.
 */

/** Days around a line the screen offers: a week before it (a late payout) to three months after (an anticipation). */
const DIAS_ANTES = 7;
const DIAS_DEPOIS = 92;

async function creditoEmAberto(tx: Transaction, a: AutorFinanceiro, id: string) {
  const linha = await linhaDaEmpresa(tx, a, id);
  if (linha.conciliacao) throw jaConciliada();
  if (linha.valor <= 0) throw erro(400, 'linha', 'Linha do extrato', 'escolha um crédito: o repasse de uma operadora entra na conta.');
  return linha;
}

/** The open payouts of the line's company a credit may be matched to, and the operadora its memo names. */
export async function recebiveisDaLinha(tx: Transaction, a: AutorFinanceiro, linhaId: string): Promise<RecebiveisDaLinha> {
  const linha = await creditoEmAberto(tx, a, linhaId);
  const previstos = await recebiveisPrevistos(tx, a, somarDiasCorridos(linha.data, -DIAS_ANTES), somarDiasCorridos(linha.data, DIAS_DEPOIS));
  const dias: RecebivelAberto[] = previstos
    .filter((r) => r.operadora !== null && r.liquido > 0)
    .map((r) => ({ operadora: r.operadora!, operadoraNome: r.operadoraNome, data: r.data, bruto: r.bruto, taxas: r.taxas, chargeback: r.chargeback ?? 0, liquido: r.liquido }))
    .sort((x, y) => (x.data < y.data ? -1 : x.data > y.data ? 1 : x.operadoraNome.localeCompare(y.operadoraNome, 'pt-BR')));
  const memo = semAcento(linha.memo);
  const nomes = [...new Map(dias.map((d) => [d.operadora, d.operadoraNome])).entries()].sort((x, y) => x[1].localeCompare(y[1], 'pt-BR'));
  return { dias, operadoraDoMemo: nomes.find(([, nome]) => memoNomeia(memo, nomeParaMemo(nome)))?.[0] ?? null };
}

/**
 * Matches a credit to one payout day of an operadora (any difference is the fee audit's), or, as an
 * anticipation, to days after the credit whose net less a discount is the credit. The credit is posted to
 * the ledger (vendas, 1.01) and matched to that movement; a payout's chargebacks are settled as the
 * automatic match settles them. 400 naming the field for a wrong choice, 409 for a day another line took.
 */
export async function conciliarRecebivel(tx: Transaction, a: AutorFinanceiro, corpo: { linha: string; operadora: string; dias: string[]; antecipacao: boolean }): Promise<{ conciliacao: string }> {
  const linha = await creditoEmAberto(tx, a, corpo.linha);
  const datas = [...corpo.dias].sort();
  if (!corpo.antecipacao && datas.length > 1) throw erro(400, 'dias', 'Dias', 'sem antecipação, escolha um único dia: cada repasse da operadora é um crédito.');
  const anterior = corpo.antecipacao ? datas.find((d) => d <= linha.data) : undefined;
  if (anterior) throw erro(400, 'dias', 'Dias', `uma antecipação paga dias posteriores ao crédito, e ${dataBr(anterior)} não é.`);
  const [de, ate] = [datas[0]!, datas.at(-1)!];
  const previstos = (await previsaoPorDia(tx, a, de, ate)).filter((r) => r.operadora === corpo.operadora && r.liquido > 0);
  const tomados = await diasTomados(tx, a, de, ate);
  const dias = datas.map((data) => {
    const r = previstos.find((p) => p.data === data);
    if (!r) throw erro(400, 'dias', 'Dias', `não há recebível previsto desta operadora em ${dataBr(data)}.`);
    if (tomados.has(chaveDoDia(r))) throw erro(409, 'dias', 'Dias', `o recebível de ${dataBr(data)} já está conciliado com outra linha.`);
    return r;
  });
  const vendas = contaPadrao('1.01')._id;
  const credito = { contaId: linha.conta, data: linha.data, valor: linha.valor, tipo: 'entrada' as const, planoContaId: vendas, ...refLinha(linha.id) };

  if (!corpo.antecipacao) {
    const r = dias[0]!;
    const [movimento] = await lancar(tx, a, [{ ...credito, descricao: descricaoRecebivel(r) }]);
    const quitacoes = await quitarChargebacksDosRepasses(tx, a, [{ data: linha.data, recebivel: r }]);
    if (quitacoes.length) await lancar(tx, a, quitacoes);
    const [conciliacao] = await gravar(tx, a, linha.conta, [{ linha: linha.id, movimentos: [movimento!._id], origem: 'manual', recebivel: r }]);
    return { conciliacao: conciliacao! };
  }
  const liquido = dias.reduce((s, r) => s + r.liquido, 0);
  if (linha.valor > liquido) throw erro(400, 'dias', 'Dias', `o crédito (${reais(linha.valor)}) é maior que o líquido previsto dos dias escolhidos (${reais(liquido)}): não é uma antecipação deles.`);
  const antecipacao = montarAntecipacao(linha, corpo.operadora, dias[0]!.operadoraNome, dias, false);
  const [movimento] = await lancar(tx, a, [{ ...credito, descricao: descricaoAntecipacao(antecipacao) }]);
  const [conciliacao] = await gravar(tx, a, linha.conta, [{ linha: linha.id, movimentos: [movimento!._id], origem: 'manual', antecipacao }]);
  return { conciliacao: conciliacao! };
}
