import type { FiltroTempoPreparo, LinhaTempoPreparo, RelatorioTempoPreparo } from '@retaguarda/domain';
import { compararPt } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';

type Grupo = {
  nivel: 'estacao' | 'produto' | 'hora' | 'total';
  estacao: string | null;
  produto: string | null;
  hora: number | null;
  nome_estacao: string | null;
  descricao: string | null;
  itens: number;
  media: number;
  p90: number;
  maximo: number;
  atrasados: number;
};

/**
 * The bumped items of the session's store that arrived in the period (its days in America/Sao_Paulo),
 * timed from arrival to bump, grouped in one pass by station, product, hour and in total. Late: over the
 * minutosAtraso of the station that bumped the item.
 */
export async function relatorioTempoPreparo(tx: Transaction, a: { grupoEmpresarial: string; empresa: string }, f: FiltroTempoPreparo): Promise<RelatorioTempoPreparo> {
  const r = await tx.execute<Grupo>(sql`
    with base as (
      select i.pronto_estacao as estacao, i.produto_id as produto, i.descricao, e.dados->>'descricao' as nome_estacao,
        extract(hour from i.chegou_em at time zone 'America/Sao_Paulo')::int as hora,
        greatest(0, extract(epoch from (i.pronto_em - i.chegou_em)))::numeric as seg,
        (e.dados->>'minutosAtraso')::int as atraso
      from kds_item i
      left join registro e on e.grupo_empresarial_id = i.grupo_empresarial_id and e.id = i.pronto_estacao
      where i.grupo_empresarial_id = ${a.grupoEmpresarial} and i.empresa_id = ${a.empresa} and i.estado = 'pronto' and i.pronto_em is not null
        and i.chegou_em >= (${f.de}::date)::timestamp at time zone 'America/Sao_Paulo'
        and i.chegou_em < (${f.ate}::date + 1)::timestamp at time zone 'America/Sao_Paulo'
        ${f.estacao ? sql`and i.pronto_estacao = ${f.estacao}` : sql``})
    select case when grouping(estacao) = 0 then 'estacao' when grouping(produto) = 0 then 'produto' when grouping(hora) = 0 then 'hora' else 'total' end as nivel,
      estacao, produto, hora, max(nome_estacao) as nome_estacao, max(descricao) as descricao,
      count(*)::int as itens, round(avg(seg))::int as media, round(percentile_cont(0.9) within group (order by seg))::int as p90,
      round(max(seg))::int as maximo, (count(*) filter (where atraso is not null and seg > atraso * 60))::int as atrasados
    from base
    group by grouping sets ((estacao), (produto), (hora), ())`);
  const linha = (g: Grupo, chave: string, rotulo: string): LinhaTempoPreparo => ({ chave, rotulo, itens: g.itens, mediaSegundos: g.media, p90Segundos: g.p90, maximoSegundos: g.maximo, atrasados: g.atrasados });
  const de = (nivel: Grupo['nivel']) => r.rows.filter((g) => g.nivel === nivel);
  const total = de('total')[0];
  return {
    totais: total && total.itens ? { itens: total.itens, mediaSegundos: total.media, p90Segundos: total.p90, maximoSegundos: total.maximo, atrasados: total.atrasados } : { itens: 0, mediaSegundos: 0, p90Segundos: 0, maximoSegundos: 0, atrasados: 0 },
    porEstacao: de('estacao')
      .map((g) => linha(g, g.estacao ?? '', g.nome_estacao ?? 'Sem estação'))
      .sort((x, y) => compararPt(x.rotulo, y.rotulo)),
    porProduto: de('produto')
      .map((g) => linha(g, g.produto ?? '', g.descricao ?? ''))
      .sort((x, y) => y.mediaSegundos - x.mediaSegundos || compararPt(x.rotulo, y.rotulo)),
    porHora: de('hora')
      .map((g) => linha(g, String(g.hora).padStart(2, '0'), `${String(g.hora).padStart(2, '0')}h`))
      .sort((x, y) => x.chave.localeCompare(y.chave)),
  };
}
