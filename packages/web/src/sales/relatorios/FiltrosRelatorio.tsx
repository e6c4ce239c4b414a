import { Group, Paper } from '@mantine/core';
import { canaisVenda, type OpcoesFiltroRelatorio, type RecursoDef } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { api } from '../../api/client.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Registro } from '../../resources/exportar.ts';
import { useSessao } from '../../session/queries.ts';
import { useGeral } from '../../session/store.ts';
import { CampoDia } from '../dashboard/CampoDia.tsx';
import { BotoesExportar } from './BotoesExportar.tsx';
import { EscolhaFiltro, type EscolhaFiltroProps } from './EscolhaFiltro.tsx';
import type { SecaoPdf } from './pdfRelatorio.ts';
import type { FiltroBase } from './useFiltroRelatorio.ts';

/**
 * What a report's export buttons write. CSV and XLSX: the registros under the recurso's columns.
 * PDF: the same table (or `secoes`), under the title (the recurso's rotulo unless given), the group
 * and companies, the period, the channels and the report's own `filtros`, with page numbers.
 */
export interface ExportarRelatorio {
  recurso: RecursoDef;
  registros: Registro[];
  /** File name without extension. */
  arquivo: string;
  titulo?: string;
  /** The report's own filters as the screen shows them: [['Agrupar por', 'Dia']]. */
  filtros?: [string, string][];
  /** The companies covered, by name, when the user chose some (default: all they may see). */
  empresas?: string;
  secoes?: SecaoPdf[];
}

interface Props {
  filtro: FiltroBase;
  hoje: string;
  alterar: (mudanca: Partial<FiltroBase>) => void;
  /** Filters of this report only (grouping…), after the period and before the channels. */
  extra?: ReactNode;
  /** What the export buttons write; null while loading. */
  exportar: ExportarRelatorio | null;
  /** A report of one channel (relatorioQrCode) has no channel filter. */
  semCanais?: boolean;
  /** Offers the stores the user may see (several or all); the PDF names those chosen. */
  comEmpresas?: boolean;
}

/** The filter bar of a sales report: period, channels, terminals, operators, hour period, its own filters, and CSV / XLSX / PDF. */
export function FiltrosRelatorio({ filtro, hoje, alterar, extra, exportar, semCanais = false, comEmpresas = true }: Props) {
  const { t } = useTranslation();
  const sessao = useSessao();
  const lojas = (sessao.data?.empresas ?? []).map((e) => ({ value: e._id, label: e.nomeFantasia }));
  const grupo = useGeral((s) => s.grupoEmpresarial?.nome);
  const empresa = useGeral((s) => s.empresa?._id);
  // The report's own route offers the choices (with the report's permission): /relatorioVenda → POST /api/relatorioVenda/filtros.
  const tela = useLocation().pathname.split('/')[1] ?? '';
  const opcoes = useQuery({
    queryKey: ['relatorioFiltros', tela, empresa],
    queryFn: ({ signal }) => api.post<OpcoesFiltroRelatorio>(`${tela}/filtros`, {}, { signal }),
    enabled: Boolean(tela && empresa),
    staleTime: 60_000,
  }).data;
  const terminais = (opcoes?.terminais ?? []).map((o) => ({ value: o._id, label: o.loja ? `${o.descricao} · ${o.loja}` : o.descricao }));
  const operadores = (opcoes?.operadores ?? []).map((o) => ({ value: o._id, label: o.nome }));
  const periodos = (opcoes?.periodosPorHora ?? []).map((o) => ({ value: o._id, label: `${o.descricao} (${o.horaInicio}–${o.horaFim})` }));
  const nomes = (lista: { value: string; label: string }[], ids: string[]) => ids.map((id) => lista.find((o) => o.value === id)?.label ?? id).join(', ');
  const escolhidos: [string, { value: string; label: string }[], string[]][] = [
    [t('relatorioVenda.terminais'), terminais, filtro.terminais],
    [t('relatorioVenda.operadores'), operadores, filtro.operadores],
    [t('relatorioVenda.periodoPorHora'), periodos, filtro.periodoPorHora ? [filtro.periodoPorHora] : []],
  ];
  const filtrosComuns = escolhidos.filter(([, , ids]) => ids.length).map(([rotulo, lista, ids]): [string, string] => [rotulo, nomes(lista, ids)]);
  // The channels unless the report is of one; terminals, operators and hour periods once the route offered them.
  const escolhas: EscolhaFiltroProps[] = [
    ...(semCanais ? [] : [{ multipla: true as const, rotulo: t('relatorioVenda.canais'), todos: t('relatorioVenda.todosCanais'), opcoes: [...canaisVenda], valor: filtro.canais, alterar: (canais: string[]) => alterar({ canais }), largura: 220, testid: 'relatorio-canais' }]),
    ...(opcoes
      ? [
          { multipla: true as const, rotulo: t('relatorioVenda.terminais'), todos: t('relatorioVenda.todosTerminais'), opcoes: terminais, valor: filtro.terminais, alterar: (v: string[]) => alterar({ terminais: v }), largura: 200, busca: true, testid: 'relatorio-terminais' },
          { multipla: true as const, rotulo: t('relatorioVenda.operadores'), todos: t('relatorioVenda.todosOperadores'), opcoes: operadores, valor: filtro.operadores, alterar: (v: string[]) => alterar({ operadores: v }), largura: 200, busca: true, testid: 'relatorio-operadores' },
          { multipla: false as const, rotulo: t('relatorioVenda.periodoPorHora'), todos: t('relatorioVenda.diaInteiro'), opcoes: periodos, valor: filtro.periodoPorHora, alterar: (v: string | null) => alterar({ periodoPorHora: v }), largura: 220, testid: 'relatorio-periodo-hora' },
        ]
      : []),
  ];
  const exportacao = exportar && {
    ...exportar,
    pdf: {
      titulo: exportar.titulo ?? exportar.recurso.rotulo,
      empresa: [grupo, exportar.empresas ?? (comEmpresas && filtro.empresas?.length ? nomes(lojas, filtro.empresas) : t('relatorioVenda.todasEmpresas'))].filter(Boolean).join(' · '),
      de: filtro.de,
      ate: filtro.ate,
      filtros: [...(semCanais ? [] : [[t('relatorioVenda.canais'), filtro.canais.length ? filtro.canais.join(', ') : t('relatorioVenda.todosCanais')] as [string, string]]), ...filtrosComuns, ...(exportar.filtros ?? [])],
    },
  };
  return (
    <Paper withBorder p="md" radius="md" className="nao-imprimir">
      <Group align="flex-end" wrap="wrap">
        <CampoDia rotulo={t('relatorioVenda.de')} data={filtro.de} hoje={hoje} onChange={(de) => alterar({ de })} testid="relatorio-de" />
        <CampoDia rotulo={t('relatorioVenda.ate')} data={filtro.ate} hoje={hoje} onChange={(ate) => alterar({ ate })} testid="relatorio-ate" />
        {comEmpresas ? <EscolhaFiltro multipla rotulo={t('relatorioVenda.lojas')} todos={t('relatorioVenda.todasLojas')} opcoes={lojas} carregando={sessao.isPending} valor={filtro.empresas ?? []} alterar={(empresas) => alterar({ empresas })} largura={240} larguraMaxima={560} busca testid="relatorio-lojas" /> : null}
        {extra}
        {escolhas.map((e) => (
          <EscolhaFiltro key={e.testid} {...e} />
        ))}
        <BotoesExportar exportar={exportacao} />
      </Group>
    </Paper>
  );
}
