import { ratear, type FiltroTaxasCartao, type LinhaTaxaCartao, type RelatorioTaxasCartao, type TotalPorChave, type TotalTaxaOperadora, type ValoresTaxa } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { previsaoDasEmpresas } from '../recebiveis/previsao.ts';

const zerado = (): ValoresTaxa => ({ bruto: 0, taxaContrato: 0, chargeback: 0, liquidoPrevisto: 0, pago: 0, taxaCobrada: 0, antecipacao: 0, antecipacaoPrazo: 0, diferenca: 0 });
const somarEm = (alvo: ValoresTaxa, v: ValoresTaxa) => {
  for (const k of Object.keys(zerado()) as (keyof ValoresTaxa)[]) alvo[k] += v[k];
};

/**
 * relatorioFinanceiroTaxasCartao: the acquirers' credits the bank reconciliation matched to a day's
 * expected net (automatically, or by hand), against that day's forecast by the operadora's current rules, per
 * brand (`operadora` is a name: every store's record of the acquirer). The bank pays one credit per
 * operadora and day, so the credit is shared among the day's brands by their expected net (largest
 * remainder, to the centavo); the fee taken is gross − chargebacks − credit. The forecast is net of the
 * payments' standing chargebacks (the acquirer takes them from what it pays), shown in their own column.
 * Days an acquirer anticipated on its own (financeiro_conciliacao_antecipacao) count as paid their net less
 * their share of the discount, which goes to the anticipation column (with Σ net × days for the effective
 * monthly rate), never to the fee: the MDR difference stays what the contract did not explain.
 */
export async function relatorioTaxasCartao(tx: Transaction, grupo: string, f: Omit<FiltroTaxasCartao, 'operadora'> & { operadora: string | null }, empresas: readonly string[], nomes: Map<string, string>): Promise<RelatorioTaxasCartao> {
  const casados = await tx.execute<{ empresa_id: string; operadora_id: string | null; operadora_nome: string | null; data: string; pago: string; bruto: string; taxas: string; liquido: string; desconto: string; prazo: string }>(sql`
    select x.empresa_id, x.operadora_id, o.dados->>'nome' as operadora_nome, x.data::text as data, sum(x.pago)::text as pago,
      sum(x.bruto)::text as bruto, sum(x.taxas)::text as taxas, sum(x.liquido)::text as liquido, sum(x.desconto)::text as desconto, sum(x.prazo)::text as prazo
    from (
      select c.empresa_id, c.operadora_id, c.recebivel_data as data, l.valor as pago, c.previsto_bruto as bruto, c.previsto_taxas as taxas, c.previsto_liquido as liquido, 0::bigint as desconto, 0::bigint as prazo
      from financeiro_conciliacao c
      join financeiro_extrato_linha l on l.grupo_empresarial_id = c.grupo_empresarial_id and l.id = c.linha_id
      -- A payout matched to one day, automatically or by hand; an anticipation's days come below.
      where c.grupo_empresarial_id = ${grupo} and c.empresa_id = any(${sql.param([...empresas])}::text[]) and c.recebivel_data between ${f.de}::date and ${f.ate}::date
        and not exists (select 1 from financeiro_conciliacao_antecipacao ca where ca.grupo_empresarial_id = c.grupo_empresarial_id and ca.conciliacao_id = c.id)
      union all
      -- Days an acquirer anticipated on its own: paid their net less their share of the discount.
      select a.empresa_id, a.operadora_id, a.recebivel_data, a.previsto_liquido - a.desconto, a.previsto_bruto, a.previsto_taxas, a.previsto_liquido, a.desconto, a.previsto_liquido * a.dias
      from financeiro_conciliacao_antecipacao a
      where a.grupo_empresarial_id = ${grupo} and a.empresa_id = any(${sql.param([...empresas])}::text[]) and a.recebivel_data between ${f.de}::date and ${f.ate}::date
    ) x
    left join registro o on o.grupo_empresarial_id = ${grupo} and o.id = x.operadora_id
    where true ${f.operadora ? sql`and lower(o.dados->>'nome') = lower(${f.operadora})` : sql``}
    group by 1, 2, 3, 4
    order by 4, 3, 1`);
  // The forecast of each store with matches, once for the period: the contract's fee per brand.
  const previsoes = new Map<string, TotalPorChave>();
  for (const empresa of new Set(casados.rows.map((c) => c.empresa_id))) {
    const p = await previsaoDasEmpresas(tx, grupo, [empresa], { de: f.de, ate: f.ate, empresas: [empresa], dia: null });
    for (const d of p.dias) for (const o of d.porOperadora) previsoes.set(`${empresa}|${o.id ?? ''}|${d.data}`, o);
  }
  const linhas: LinhaTaxaCartao[] = [];
  const porOperadora = new Map<string, TotalTaxaOperadora>();
  const totais = zerado();
  for (const c of casados.rows) {
    const pago = Number(c.pago);
    const previsto = previsoes.get(`${c.empresa_id}|${c.operadora_id ?? ''}|${c.data}`);
    // Without today's forecast (the sales were cancelled since): the amounts kept with the match, whose net was the forecast's, chargebacks out.
    const bandeiras: TotalPorChave[] = previsto?.porBandeira?.length
      ? previsto.porBandeira
      : [{ id: null, nome: 'Sem bandeira', bruto: Number(c.bruto), taxas: Number(c.taxas), chargeback: Number(c.bruto) - Number(c.taxas) - Number(c.liquido), liquido: Number(c.liquido), quantidade: 0 }];
    const pesos = bandeiras.map((b) => Math.max(0, b.liquido));
    const partes = ratear(pago, pesos);
    const descontos = ratear(Number(c.desconto), pesos);
    const prazos = ratear(Number(c.prazo), pesos);
    const operadoraNome = c.operadora_nome ?? 'Sem operadora';
    // Each store has its own record of the same acquirer (operadora is per company): one total per name.
    const chave = operadoraNome.toLocaleLowerCase('pt-BR');
    const op = porOperadora.get(chave) ?? porOperadora.set(chave, { operadora: c.operadora_id, operadoraNome, dias: 0, ...zerado() }).get(chave)!;
    op.dias += 1;
    bandeiras.forEach((b, i) => {
      const [pagoParte, antecipacao] = [partes[i]!, descontos[i]!];
      const v: ValoresTaxa = {
        bruto: b.bruto,
        taxaContrato: b.taxas,
        chargeback: b.chargeback,
        liquidoPrevisto: b.liquido,
        pago: pagoParte,
        taxaCobrada: b.bruto - b.chargeback - pagoParte - antecipacao,
        antecipacao,
        antecipacaoPrazo: prazos[i]!,
        diferenca: b.liquido - pagoParte - antecipacao,
      };
      linhas.push({ operadora: c.operadora_id, operadoraNome, bandeira: b.id, bandeiraNome: b.nome, data: c.data, empresa: c.empresa_id, empresaNome: nomes.get(c.empresa_id) ?? '', ...v });
      somarEm(op, v);
      somarEm(totais, v);
    });
  }
  return { linhas, porOperadora: [...porOperadora.values()].sort((a, b) => b.bruto - a.bruto || a.operadoraNome.localeCompare(b.operadoraNome, 'pt-BR')), totais };
}
