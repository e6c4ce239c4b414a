import type { FiltroRelatorioVenda, LinhaRelatorioVenda, RelatorioVenda } from '@retaguarda/domain';
import { compararPt } from '@retaguarda/domain';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { registro, venda, vendaResumoHora } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { filtroDeVendas } from './filtroVendas.ts';
import { FUSO } from './periodo.ts';
import { numero as n, ticketMedio as ticket } from './numero.ts';

const DIAS = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'];

/** The group key on `venda` (each sale's closing time in the stores' clock). */
function chaveDaVenda(agrupar: NonNullable<FiltroRelatorioVenda['agrupar']>): SQL {
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

/** The same key on the hourly rollup (its day and hour are already the stores' clock). */
function chaveDoResumo(agrupar: NonNullable<FiltroRelatorioVenda['agrupar']>): SQL {
  const r = vendaResumoHora;
  switch (agrupar) {
    case 'dia':
      return sql`to_char(${r.dia}, 'YYYY-MM-DD')`;
    case 'hora':
      return sql`lpad(${r.hora}::text, 2, '0')`;
    case 'diaDaSemana':
      return sql`extract(dow from ${r.dia})::text`;
    case 'empresa':
      return sql`${r.empresaId}`;
    case 'canal':
      return sql`${r.canal}`;
    case 'terminal':
      return sql`${r.terminalId}`;
  }
}

interface LinhaSomada {
  chave: string;
  vendas: string;
  bruto: string;
  descontos: string;
  taxaServico: string;
  taxaEntrega: string;
  total: string;
  canceladas: string;
  valorCancelado: string;
}

/** From the rollup: a month of a group is a few rows per store and hour, not every sale. */
const somarDoResumo = (tx: Transaction, agrupar: NonNullable<FiltroRelatorioVenda['agrupar']>, condicoes: SQL[]) => {
  const r = vendaResumoHora;
  return tx
    .select({
      chave: sql<string>`${chaveDoResumo(agrupar)}`,
      vendas: sql<string>`sum(${r.vendas})`,
      bruto: sql<string>`sum(${r.bruto})`,
      descontos: sql<string>`sum(${r.descontos})`,
      taxaServico: sql<string>`sum(${r.taxaServico})`,
      taxaEntrega: sql<string>`sum(${r.taxaEntrega})`,
      total: sql<string>`sum(${r.total})`,
      canceladas: sql<string>`sum(${r.canceladas})`,
      valorCancelado: sql<string>`sum(${r.valorCancelado})`,
    })
    .from(r)
    .where(and(...condicoes))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
};

/** From the sales themselves: when an hour period starts or ends off the hour. */
const somarDasVendas = (tx: Transaction, agrupar: NonNullable<FiltroRelatorioVenda['agrupar']>, condicoes: SQL[]) => {
  const valida = sql`not ${venda.cancelada}`;
  return tx
    .select({
      chave: sql<string>`${chaveDaVenda(agrupar)}`,
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
};

export { empresasDoFiltro } from './filtroVendas.ts';

/**
 * relatorioVenda: sales of a period for the chosen companies, grouped by day, company, channel,
 * hour, weekday or terminal, with totals. Cancelled sales are out of the money columns and counted
 * apart. One aggregate query over the hourly rollup (or over the sales, for an hour period that
 * starts or ends off the hour).
 */
export async function relatorioVenda(db: Database, s: SessaoRequest, filtro: Required<FiltroRelatorioVenda>): Promise<RelatorioVenda> {
  return withTenant(db, s, async (tx) => {
    const { nomes, daVenda, doResumo } = await filtroDeVendas(tx, s, filtro);
    const somadas: LinhaSomada[] = doResumo ? await somarDoResumo(tx, filtro.agrupar, doResumo) : await somarDasVendas(tx, filtro.agrupar, daVenda);
    // A group key with nothing sold nor cancelled (its sales all moved elsewhere) is not a line.
    const linhas = somadas.filter((l) => n(l.vendas) || n(l.canceladas));
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
    // Stores and terminals read by name: in the order a Brazilian reader expects, not by id.
    if (filtro.agrupar === 'empresa' || filtro.agrupar === 'terminal') resultado.sort((x, y) => compararPt(x.rotulo, y.rotulo));
    const soma = (campo: keyof LinhaRelatorioVenda) => resultado.reduce((acc, l) => acc + (l[campo] as number), 0);
    const vendas = soma('vendas');
    const total = soma('total');
    const totais = { chave: 'total', rotulo: 'Total', vendas, bruto: soma('bruto'), descontos: soma('descontos'), taxaServico: soma('taxaServico'), taxaEntrega: soma('taxaEntrega'), total, ticketMedio: ticket(total, vendas), canceladas: soma('canceladas'), valorCancelado: soma('valorCancelado') };
    return { linhas: resultado, totais };
  });
}
