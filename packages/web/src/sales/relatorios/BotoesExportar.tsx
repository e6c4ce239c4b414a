import { Button, Group } from '@mantine/core';
import type { RecursoDef } from '@retaguarda/domain';
import { IconFileSpreadsheet, IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { baixar, toCsv, type Registro } from '../../resources/exportar.ts';
import { toXlsxPlanilhas, type Planilha } from '../../resources/xlsx.ts';
import type { DocumentoRelatorio, SecaoPdf } from './pdfRelatorio.ts';
import { BarraDeProgresso } from './Progresso.tsx';

/** What a report exports: the rows the CSV/XLSX write, and what its PDF says around its tables. */
export interface ExportacaoRelatorio {
  recurso: RecursoDef;
  registros: Registro[];
  /** File name without extension. */
  arquivo: string;
  /** The PDF's header: title, company, period and filters. */
  pdf: Omit<DocumentoRelatorio, 'secoes'>;
  /** Tables of the PDF when not just the registros under the recurso's columns. */
  secoes?: SecaoPdf[];
  /** A paged report's rows are not all on screen: the export asks every one of them first (they replace registros). */
  carregar?: () => Promise<Registro[]>;
}

/**
 * The XLSX workbook: the main table first (what the CSV holds), then each other table of the PDF on a
 * sheet of its own (totals per store, items by CFOP…). A CSV is one table, so it keeps the main one.
 */
export function planilhasDe(e: ExportacaoRelatorio): Planilha[] {
  const campos = Object.fromEntries((e.recurso.colunas as readonly string[]).map((c) => [c, e.recurso.campos[c]!]));
  const principal = { nome: e.recurso.rotuloPlural, campos, registros: e.registros };
  const outras = (e.secoes ?? []).filter((s) => s.colunas !== e.recurso.campos).map((s) => ({ nome: s.titulo ?? e.pdf.titulo, campos: s.colunas, registros: s.linhas }));
  return [principal, ...outras];
}

type Trabalho = { formato: string; feitas?: number; total?: number };

/** Lets the browser paint the busy state before a synchronous build takes the thread. */
const pintar = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** CSV / XLSX / PDF buttons of a report, with a progress bar while a file is being built. */
export function BotoesExportar({ exportar }: { exportar: ExportacaoRelatorio | null }) {
  const { t } = useTranslation();
  const [trabalho, setTrabalho] = useState<Trabalho | null>(null);
  const gerar = async (formato: string, construir: (e: ExportacaoRelatorio) => Promise<void>) => {
    if (!exportar || trabalho) return;
    setTrabalho({ formato });
    try {
      await pintar();
      await construir(exportar.carregar ? { ...exportar, registros: await exportar.carregar() } : exportar);
    } finally {
      setTrabalho(null);
    }
  };
  const csv = (e: ExportacaoRelatorio) => baixar(toCsv(e.recurso, e.registros), 'text/csv;charset=utf-8', `${e.arquivo}.csv`);
  const xlsx = (e: ExportacaoRelatorio) => baixar(toXlsxPlanilhas(planilhasDe(e)) as Uint8Array<ArrayBuffer>, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', `${e.arquivo}.xlsx`);
  const pdf = async (e: ExportacaoRelatorio) => {
    // Loaded on demand: the PDF writer is only needed by who exports.
    const { relatorioParaPdf } = await import('./pdfRelatorio.ts');
    const secoes = e.secoes ?? [{ colunas: e.recurso.campos, linhas: e.registros }];
    const bytes = await relatorioParaPdf({ ...e.pdf, secoes }, (feitas, total) => setTrabalho({ formato: 'PDF', feitas, total }));
    baixar(bytes as Uint8Array<ArrayBuffer>, 'application/pdf', `${e.arquivo}.pdf`);
  };
  const desligado = !exportar || trabalho !== null;
  return (
    <Group gap="xs" ml="auto" align="flex-end">
      {trabalho ? (
        <div style={{ minWidth: 220 }}>
          <BarraDeProgresso
            texto={trabalho.total ? t('relatorioVenda.gerandoPaginas', { feitas: trabalho.feitas, total: trabalho.total }) : t('relatorioVenda.gerando', { formato: trabalho.formato })}
            feitas={trabalho.feitas}
            total={trabalho.total}
            testid="relatorio-exportando"
          />
        </div>
      ) : null}
      <Button variant="default" leftSection={<IconFileTypeCsv size={16} />} disabled={desligado} onClick={() => gerar('CSV', async (e) => csv(e))} data-testid="relatorio-csv">
        CSV
      </Button>
      <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} disabled={desligado} onClick={() => gerar('XLSX', async (e) => xlsx(e))} data-testid="relatorio-xlsx">
        XLSX
      </Button>
      <Button variant="default" leftSection={<IconFileTypePdf size={16} />} disabled={desligado} loading={trabalho?.formato === 'PDF'} onClick={() => gerar('PDF', pdf)} data-testid="relatorio-pdf">
        PDF
      </Button>
    </Group>
  );
}
