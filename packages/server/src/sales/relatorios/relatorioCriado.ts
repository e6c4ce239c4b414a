import {
  conjuntoDeDados,
  dataBr,
  definicaoRelatorio,
  diasDaSemana,
  findRecurso,
  MAXIMO_LINHAS_RELATORIO,
  problemasDaDefinicao,
  semZerosFinais,
  type ColunaResultado,
  type ConjuntoDeDados,
  type DefinicaoRelatorio,
  type FiltroRelatorioPeriodo,
  type LinhaResultado,
  type ResultadoRelatorioCriado,
  compararPt,
} from '@retaguarda/domain';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { registro } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { naoEncontrado } from '../../resources/record.ts';
import { findById } from '../../resources/repository.ts';
import { camposDoZod } from '../../resources/validacao.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { conjuntosSql, type DimensaoSql } from './conjuntosSql.ts';
import { intervaloDeDias } from './periodo.ts';
import { filtroDeVendas } from './filtroVendas.ts';
import { conferirFiltrosDaDefinicao } from './filtrosDaDefinicao.ts';
import { numero as n, ticketMedio as ticket } from './numero.ts';

const rotulosDefinicao: Record<string, string> = { conjunto: 'Conjunto de dados', colunas: 'Colunas', filtros: 'Filtros', agrupamento: 'Subtotal por', ordenacao: 'Ordenação', incluirCancelados: 'Incluir vendas canceladas' };

/** A definition from the client, or 400 naming the field and the unknown name ('Colunas: Coluna desconhecida em Vendas: x.'). */
export function lerDefinicao(bruta: unknown): DefinicaoRelatorio {
  const lida = definicaoRelatorio.safeParse(bruta ?? {});
  const campos: Record<string, string> = lida.success ? {} : camposDoZod(lida.error.issues, 'definicao', { topo: true });
  if (lida.success) for (const p of problemasDaDefinicao(lida.data)) campos[p.campo] ??= p.mensagem;
  const [campo, mensagem] = Object.entries(campos)[0] ?? [];
  if (campo) throw new HttpError(400, `${rotulosDefinicao[campo] ?? 'Definição'}: ${mensagem}`, {}, campos);
  return lida.data!;
}

type Periodo = Required<FiltroRelatorioPeriodo>;

/**
 * Runs a definition over the period for the session's tenant: one aggregate query with GROUPING SETS
 * (the rows, the subtotals, the grand total), so totals of distinct counts are exact and not sums of
 * rows. Cancelled sales stay out of the measures unless the definition includes them; the measures
 * of cancellations count them apart, as relatorioVenda does.
 */
export async function executarDefinicao(tx: Transaction, s: SessaoRequest, d: DefinicaoRelatorio, periodo: Periodo): Promise<ResultadoRelatorioCriado> {
  const conjunto = conjuntoDeDados(d.conjunto)!;
  const q = conjuntosSql[d.conjunto];
  // The filters every sales report shares (companies, channels, terminals, operators, hour period).
  const { empresas, nomes, filtros } = await filtroDeVendas(tx, s, periodo);
  // The definition's record ids must be the group's and its companies the user's (400 naming the filter).
  await conferirFiltrosDaDefinicao(tx, s, d);
  const dimensoes = d.colunas.filter((c) => Object.hasOwn(conjunto.dimensoes, c));
  const medidas = d.colunas.filter((c) => Object.hasOwn(conjunto.medidas, c));
  const dim = (nome: string): DimensaoSql => q.dimensoes[nome]!;
  const comCancelamentos = d.incluirCancelados || medidas.some((m) => ['canceladas', 'cancelados', 'valorCancelado'].includes(m));
  const valida = d.incluirCancelados ? sql`true` : sql`not ${q.cancelado}`;
  const medida = (nome: string) => q.medidas[nome]!(valida, q.cancelado);

  const condicoes: SQL[] = [eq(q.grupo, s.grupoEmpresarial), inArray(q.empresa, empresas), intervaloDeDias(sql`${q.fechadoEm}`, periodo.de, periodo.ate), ...filtros];
  for (const f of d.filtros) condicoes.push(inArray(dim(f.dimensao).chave, f.valores));
  if (!comCancelamentos) condicoes.push(valida);

  const chaves = dimensoes.map((nome) => dim(nome).chave);
  const usaTicket = medidas.includes('ticketMedio');
  const selecao = [
    ...chaves.map((c, i) => sql`${c} as ${sql.identifier(`d${i}`)}`),
    ...medidas.map((m) => sql`${medida(m)} as ${sql.identifier(`m_${m}`)}`),
    ...(usaTicket ? [sql`${medida(q.ticket.total)} as "_total"`, sql`${medida(q.ticket.vendas)} as "_vendas"`] : []),
    chaves.length ? sql`grouping(${sql.join(chaves, sql`, `)}) as "_g"` : sql`0 as "_g"`,
  ];
  const subtotal = d.agrupamento !== null && dimensoes.length > 1 ? dimensoes.indexOf(d.agrupamento) : -1;
  const conjuntos = [sql`(${sql.join(chaves, sql`, `)})`, ...(subtotal >= 0 ? [sql`(${chaves[subtotal]})`] : []), sql`()`];
  const comProduto = dimensoes.includes('agrupador') || d.filtros.some((f) => f.dimensao === 'agrupador');
  const consulta = sql`select ${sql.join(selecao, sql`, `)} from ${q.fonte(comProduto)} where ${and(...condicoes)}
    ${chaves.length ? sql`group by grouping sets (${sql.join(conjuntos, sql`, `)})` : sql``}`;
  const brutas = (await tx.execute(consulta)).rows as Record<string, unknown>[];

  const todos = (1 << chaves.length) - 1;
  const deSubtotal = subtotal >= 0 ? todos & ~(1 << (chaves.length - 1 - subtotal)) : -1;
  const detalhes = brutas.filter((r) => n(r._g) === 0 || chaves.length === 0);
  if (detalhes.length > MAXIMO_LINHAS_RELATORIO) {
    throw new HttpError(400, `O relatório teria ${detalhes.length.toLocaleString('pt-BR')} linhas (no máximo ${MAXIMO_LINHAS_RELATORIO.toLocaleString('pt-BR')}): tire uma dimensão ou filtre mais.`);
  }
  const rotulo = await rotuladores(tx, s, dimensoes, brutas, nomes);
  detalhes.sort(comparador(d, dimensoes, subtotal, (i, r) => rotulo(dimensoes[i]!, dim(dimensoes[i]!), r[`d${i}`] as string | null), conjunto.medidas));
  const linha = (r: Record<string, unknown>, tipo: LinhaResultado['_tipo']): LinhaResultado => {
    const saida: LinhaResultado = { _tipo: tipo };
    dimensoes.forEach((nome, i) => (saida[nome] = r[`d${i}`] === undefined ? '' : rotulo(nome, dim(nome), r[`d${i}`] as string | null)));
    for (const m of medidas) {
      const tipoMedida = conjunto.medidas[m]!.tipo;
      saida[m] = m === 'ticketMedio' ? ticket(n(r._total), n(r._vendas)) : tipoMedida === 'decimal' ? semZerosFinais(String(r[`m_${m}`] ?? '0')) : n(r[`m_${m}`]);
    }
    return saida;
  };
  const totalBruto = brutas.find((r) => n(r._g) === todos) ?? brutas[0] ?? {};
  const totais = linha(totalBruto, 'subtotal');
  dimensoes.forEach((nome, i) => (totais[nome] = i === 0 ? 'Total' : ''));
  const linhas: LinhaResultado[] = [];
  const subtotais = new Map(brutas.filter((r) => n(r._g) === deSubtotal).map((r) => [String(r[`d${subtotal}`]), r]));
  detalhes.forEach((r, i) => {
    linhas.push(linha(r, 'linha'));
    const grupo = String(r[`d${subtotal}`]);
    if (subtotal >= 0 && (i === detalhes.length - 1 || String(detalhes[i + 1]![`d${subtotal}`]) !== grupo)) {
      const sub = linha(subtotais.get(grupo) ?? {}, 'subtotal');
      dimensoes.forEach((nome, j) => (sub[nome] = j === subtotal ? `Subtotal ${rotulo(nome, dim(nome), r[`d${j}`] as string | null)}` : ''));
      linhas.push(sub);
    }
  });
  const colunas: ColunaResultado[] = d.colunas.map((nome) =>
    Object.hasOwn(conjunto.dimensoes, nome)
      ? { nome, rotulo: conjunto.dimensoes[nome]!.rotulo, papel: 'dimensao', tipo: 'texto' }
      : { nome, rotulo: conjunto.medidas[nome]!.rotulo, papel: 'medida', tipo: conjunto.medidas[nome]!.tipo },
  );
  return { colunas, linhas: chaves.length ? linhas : [], totais };
}

/** Exact order of two non-negative decimal texts ('10.5' > '9.75'). */
function compararDecimal(a: string, b: string): number {
  const [ai = '', af = ''] = a.split('.');
  const [bi = '', bf = ''] = b.split('.');
  if (ai.length !== bi.length) return ai.length - bi.length;
  const largura = Math.max(af.length, bf.length);
  return (ai + af.padEnd(largura, '0')).localeCompare(bi + bf.padEnd(largura, '0'));
}

/**
 * The order of the rows: by the subtotal dimension first (so each group is together), then the user's
 * order, then every dimension. Days, months, hours and weekdays go by their calendar order; records
 * and companies by the name the user reads; measures by value (exact for decimals).
 */
function comparador(
  d: DefinicaoRelatorio,
  dimensoes: string[],
  subtotal: number,
  rotuloDe: (i: number, r: Record<string, unknown>) => string,
  medidas: ConjuntoDeDados['medidas'],
) {
  const porDimensao = (i: number) => {
    const calendario = ['dia', 'mes', 'hora', 'diaDaSemana'].includes(dimensoes[i]!);
    return (a: Record<string, unknown>, b: Record<string, unknown>) => {
      const [ka, kb] = [a[`d${i}`], b[`d${i}`]];
      if (ka === null || kb === null) return ka === kb ? 0 : ka === null ? 1 : -1;
      return calendario ? String(ka).localeCompare(String(kb), 'en', { numeric: true }) : compararPt(rotuloDe(i, a), rotuloDe(i, b));
    };
  };
  const porMedida = (m: string) => (a: Record<string, unknown>, b: Record<string, unknown>) =>
    m === 'ticketMedio'
      ? ticket(n(a._total), n(a._vendas)) - ticket(n(b._total), n(b._vendas))
      : medidas[m]!.tipo === 'decimal'
        ? compararDecimal(String(a[`m_${m}`] ?? '0'), String(b[`m_${m}`] ?? '0'))
        : n(a[`m_${m}`]) - n(b[`m_${m}`]);
  const criterios = [
    ...(subtotal >= 0 ? [porDimensao(subtotal)] : []),
    ...d.ordenacao.map((o) => {
      const i = dimensoes.indexOf(o.coluna);
      const f = i >= 0 ? porDimensao(i) : porMedida(o.coluna);
      return o.direcao === 'desc' ? (a: Record<string, unknown>, b: Record<string, unknown>) => f(b, a) : f;
    }),
    ...dimensoes.map((_, i) => porDimensao(i)),
  ];
  return (a: Record<string, unknown>, b: Record<string, unknown>) => {
    for (const f of criterios) {
      const r = f(a, b);
      if (r) return r;
    }
    return 0;
  };
}

/** Turns dimension keys into what the user reads; records (terminal, product…) by their descricao, in one query. */
async function rotuladores(tx: Transaction, s: SessaoRequest, dimensoes: string[], brutas: Record<string, unknown>[], empresas: Map<string, string>) {
  const ids = new Set<string>();
  dimensoes.forEach((nome, i) => {
    if (conjuntosSqlRotulo(nome) === 'registro') for (const r of brutas) if (typeof r[`d${i}`] === 'string') ids.add(r[`d${i}`] as string);
  });
  const descricoes = new Map(
    ids.size
      ? (await tx.select({ id: registro.id, descricao: sql<string>`coalesce(${registro.dados}->>'descricao', ${registro.dados}->>'nome')` }).from(registro).where(and(eq(registro.grupoEmpresarialId, s.grupoEmpresarial), inArray(registro.id, [...ids])))).map((r) => [r.id, r.descricao])
      : [],
  );
  return (_nome: string, d: DimensaoSql, chave: string | null): string => {
    if (chave === null || chave === '') return 'Não informado';
    switch (d.rotulo) {
      case 'dia':
        return dataBr(chave);
      case 'mes':
        return chave.split('-').reverse().join('/');
      case 'hora':
        return `${chave}h`;
      case 'diaDaSemana':
        return diasDaSemana[Number(chave)] ?? chave;
      case 'empresa':
        return empresas.get(chave) ?? chave;
      case 'registro':
        return descricoes.get(chave) ?? chave;
      default:
        return chave;
    }
  };
}

const conjuntosSqlRotulo = (nome: string) => Object.values(conjuntosSql).find((c) => c.dimensoes[nome])?.dimensoes[nome]!.rotulo;

/**
 * POST /api/relatoriosCriados/executar: a definition sent by the builder, or a saved report the user
 * sees (their own or shared; another user's private one is not found), over the period.
 */
export async function relatorioCriado(db: Database, s: SessaoRequest, corpo: Periodo & { relatorio?: unknown; definicao?: unknown }): Promise<ResultadoRelatorioCriado> {
  return withTenant(db, s, async (tx) => {
    let definicao: DefinicaoRelatorio;
    if (typeof corpo.relatorio === 'string') {
      const def = findRecurso('relatorioCriado')!;
      const salvo = await findById(tx, def, s, corpo.relatorio);
      if (!salvo || salvo.lixo) throw new HttpError(404, naoEncontrado(def));
      definicao = lerDefinicao(salvo.dados);
    } else if (corpo.definicao !== undefined) definicao = lerDefinicao(corpo.definicao);
    else throw new HttpError(400, 'Definição: envie a definição do relatório ou o relatório salvo.', {}, { definicao: 'Envie a definição do relatório ou o relatório salvo.' });
    return executarDefinicao(tx, s, definicao, corpo);
  });
}
