import type { Campo } from '@retaguarda/domain';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { textoDoPdf } from '../../test/textoDoPdf.ts';
import { BotoesExportar, type ExportacaoRelatorio } from './BotoesExportar.tsx';
import { recursoDeRelatorio } from './exportarRelatorio.ts';

const colunas = { rotulo: { rotulo: 'Produto', tipo: 'texto' }, total: { rotulo: 'Total', tipo: 'dinheiro' } } as const satisfies Record<string, Campo>;

/** A report of `n` rows, as a page hands it to the buttons. */
function exportacao(n: number): ExportacaoRelatorio {
  const registros = Array.from({ length: n }, (_, i) => ({ _id: String(i), rotulo: `Produto ${i + 1}`, total: 100 * (i + 1) }));
  return {
    recurso: recursoDeRelatorio('teste', 'Vendas por produto', colunas),
    registros,
    arquivo: 'vendas-por-produto',
    pdf: { titulo: 'Vendas por produto', empresa: 'Grupo Demonstração', de: '2026-11-01', ate: '2026-11-20', filtros: [] },
  };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
const desligado = (id: string) => (screen.getByTestId(id) as HTMLButtonElement).disabled;

describe('BotoesExportar', () => {
  it('shows a progress bar with the pages done while a long PDF is built, then downloads it and the bar goes', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => (blobs.push(b), 'blob:teste'));
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await renderWithProviders(<BotoesExportar exportar={exportacao(600)} />);
    fireEvent.click(screen.getByTestId('relatorio-pdf'));
    // A known length: "página x de y" with the bar at x/y.
    await waitFor(() => expect(screen.getByTestId('relatorio-exportando').textContent).toMatch(/Gerando o PDF: página \d+ de \d+/));
    expect(desligado('relatorio-csv')).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('relatorio-exportando')).toBeNull(), { timeout: 15_000 });
    expect(blobs).toHaveLength(1);
    expect(blobs[0]!.type).toBe('application/pdf');
    const bytes = await new Promise<ArrayBuffer>((resolve) => {
      const leitor = new FileReader();
      leitor.onload = () => resolve(leitor.result as ArrayBuffer);
      leitor.readAsArrayBuffer(blobs[0]!);
    });
    const paginas = await textoDoPdf(new Uint8Array(bytes));
    expect(paginas.length).toBeGreaterThan(5);
    expect(paginas.flatMap((p) => p.textos)).toContain('Produto 600');
  });

  it('is disabled until the report has loaded', async () => {
    await renderWithProviders(<BotoesExportar exportar={null} />);
    for (const id of ['relatorio-csv', 'relatorio-xlsx', 'relatorio-pdf']) expect(desligado(id)).toBe(true);
  });
});
