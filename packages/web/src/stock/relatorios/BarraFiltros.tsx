import { Paper, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGeral } from '../../session/store.ts';
import { CampoDia } from '../../sales/dashboard/CampoDia.tsx';
import { BotoesExportar, type ExportacaoRelatorio } from '../../sales/relatorios/BotoesExportar.tsx';

/** What a stock report exports; the PDF's header (company, period) is filled in by the bar. */
export type ExportarEstoque = Omit<ExportacaoRelatorio, 'pdf'> & { titulo: string; filtros: [string, string][] };

interface Props {
  de: string;
  ate: string;
  hoje: string;
  alterar: (mudanca: { de?: string; ate?: string }) => void;
  /** The report's own filters, after the period. */
  children?: ReactNode;
  /** null while loading. */
  exportar: ExportarEstoque | null;
  testid: string;
}

/** The filter bar of a stock report: the period (dd/mm/aaaa), the report's filters, and CSV / XLSX / PDF of the active company. */
export function BarraFiltros({ de, ate, hoje, alterar, children, exportar, testid }: Props) {
  const { t } = useTranslation();
  const grupo = useGeral((s) => s.grupoEmpresarial?.nome);
  const empresa = useGeral((s) => s.empresa?.nomeFantasia);
  const exportacao: ExportacaoRelatorio | null = exportar && {
    recurso: exportar.recurso,
    registros: exportar.registros,
    arquivo: exportar.arquivo,
    ...(exportar.secoes ? { secoes: exportar.secoes } : {}),
    pdf: { titulo: exportar.titulo, empresa: [grupo, empresa].filter(Boolean).join(' · '), de, ate, filtros: exportar.filtros },
  };
  return (
    <Paper withBorder p="md" radius="md" className="nao-imprimir" data-testid={testid}>
      <Group align="flex-end" wrap="wrap">
        <CampoDia rotulo={t('relatorioVenda.de')} data={de} hoje={hoje} onChange={(v) => alterar({ de: v })} testid="relatorio-de" />
        <CampoDia rotulo={t('relatorioVenda.ate')} data={ate} hoje={hoje} onChange={(v) => alterar({ ate: v })} testid="relatorio-ate" />
        {children}
        <BotoesExportar exportar={exportacao} />
      </Group>
    </Paper>
  );
}
