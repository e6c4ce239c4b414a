import type { FiltroRelatorioVenda, LinhaRelatorioVenda, RelatorioVenda } from '@retaguarda/domain';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { registro, venda } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { filtroDeVendas } from './filtroVendas.ts';
import { FUSO } from './periodo.ts';

const DIAS = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'];

function chaveDo(agrupar: NonNullable<FiltroRelatorioVenda['agrupar']>): SQL {
  const local = sql`(${venda.fechadoEm} at time zone ${FUSO})`;
  switch (agrupar) {
    case 'dia':
      return sql`to_char(${local}, 'YYYY-MM-DD')`;
    case 'hora':
      return sql`lpad(extract(hour from ${local})::text, 2, '0')`;
    case 'diaDaSemana':
      return sql`extract(dow from ${local})::text`;
    case 'empresa':
      return sql`${venda.empresaId}`;
    case 'canal':
      return sql`${venda.canal}`;
    case 'terminal':
      return sql`${venda.terminalId}`;
  }
}

export { empresasDoFiltro } from './filtroVendas.ts';

const ticket = (total: number, vendas: number) => (vendas ? Math.floor((2 * total + vendas) / (2 * vendas)) : 0);
const n = (v: unknown) => Number(v ?? 0);

/**
 * relatorioVenda: sales of a period for the chosen companies, grouped by day, company, channel,
 * hour, weekday or terminal, with totals. Cancelled sales are out of the money columns and counted
 * apart. One aggregate query over the indexed (group, company, closing time) range.
 */
export async function relatorioVenda(db: Database, s: SessaoRequest, filtro: Required<FiltroRelatorioVenda>): Promise<RelatorioVenda> {
  return withTenant(db, s, async (tx) => {
    const { nomes, daVenda: condicoes } = await filtroDeVendas(tx, s, filtro);
    const chave = chaveDo(filtro.agrupar);
    const valida = sql`not ${venda.cancelada}`;
    const linhas = await tx
      .select({
        chave: sql<string>`${chave}`,
        vendas: sql<string>`count(*) filter (where ${valida})`,
        bruto: sql<string>`coalesce(sum(${venda.bruto}) filter (where ${valida}), 0)`,
        descontos: sql<string>`coalesce(sum(${venda.desconto} + ${venda.descontoItens}) filter (where ${valida}), 0)`,
        taxaServico: sql<string>`coalesce(sum(${venda.taxaServico}) filter (where ${valida}), 0)`,
        taxaEntrega: sql<string>`coalesce(sum(${venda.taxaEntrega}) filter (where ${valida}), 0)`,
        total: sql<string>`coalesce(sum(${venda.total}) filter (where ${valida}), 0)`,
        canceladas: sql<string>`count(*) filter (where ${venda.cancelada})`,
        valorCancelado: sql<string>`coalesce(sum(${venda.total}) filter (where ${venda.cancelada}), 0)`,
      })
      .from(venda)
      .where(and(...condicoes))
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    const terminais =
      filtro.agrupar === 'terminal' && linhas.length
        ? new Map(
            (await tx.select({ id: registro.id, descricao: sql<string>`${registro.dados}->>'descricao'` }).from(registro).where(and(eq(registro.grupoEmpresarialId, s.grupoEmpresarial), inArray(registro.id, linhas.map((l) => l.chave))))).map((t) => [t.id, t.descricao]),
          )
        : new Map<string, string>();
    const rotulo = (c: string) => {
      switch (filtro.agrupar) {
        case 'dia':
          return c.split('-').reverse().join('/');
        case 'hora':
          return `${c}h`;
        case 'diaDaSemana':
          return DIAS[Number(c)]!;
        case 'empresa':
          return nomes.get(c) ?? c;
        case 'terminal':
          return terminais.get(c) ?? c;
        default:
          return c;
      }
    };
    const resultado = linhas.map((l) => {
      const vendas = n(l.vendas);
      const total = n(l.total);
      return { chave: l.chave, rotulo: rotulo(l.chave), vendas, bruto: n(l.bruto), descontos: n(l.descontos), taxaServico: n(l.taxaServico), taxaEntrega: n(l.taxaEntrega), total, ticketMedio: ticket(total, vendas), canceladas: n(l.canceladas), valorCancelado: n(l.valorCancelado) };
    });
    const soma = (campo: keyof LinhaRelatorioVenda) => resultado.reduce((acc, l) => acc + (l[campo] as number), 0);
    const vendas = soma('vendas');
    const total = soma('total');
    const totais = { chave: 'total', rotulo: 'Total', vendas, bruto: soma('bruto'), descontos: soma('descontos'), taxaServico: soma('taxaServico'), taxaEntrega: soma('taxaEntrega'), total, ticketMedio: ticket(total, vendas), canceladas: soma('canceladas'), valorCancelado: soma('valorCancelado') };
    return { linhas: resultado, totais };
  });
}
