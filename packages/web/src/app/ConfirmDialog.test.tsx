import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LotesCorrecao } from '../products/correcao/LotesCorrecao.tsx';
import { renderWithProviders } from '../test/render.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';

afterEach(cleanup);

const srcDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const fontes = (dir: string): string[] =>
  readdirSync(dir).flatMap((nome) => {
    const caminho = join(dir, nome);
    if (statSync(caminho).isDirectory()) return fontes(caminho);
    return /\.tsx?$/.test(nome) && !/\.test\.tsx?$/.test(nome) ? [caminho] : [];
  });

describe('confirmation dialogs: the focus starts on OK (SPEC.md §9)', () => {
  it('a confirmation opens with OK focused; Cancel and OK answer', async () => {
    const onOk = vi.fn();
    const onCancel = vi.fn();
    await renderWithProviders(
      <ConfirmDialog opened title="Excluir?" okLabel="Excluir" cancelLabel="Cancelar" onOk={onOk} onCancel={onCancel} testIds={{ ok: 'ok', cancelar: 'cancelar' }}>
        Excluir o relatório "Vendas"?
      </ConfirmDialog>,
    );
    const ok = await screen.findByTestId('ok');
    await waitFor(() => expect(document.activeElement).toBe(ok));
    expect(screen.getByText('Excluir o relatório "Vendas"?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('cancelar'));
    expect(onCancel).toHaveBeenCalledTimes(1);
    fireEvent.click(ok);
    expect(onOk).toHaveBeenCalledTimes(1);
  });

  it('the undo confirmation of correcaoProdutos focuses OK (Desfazer)', async () => {
    const onDesfazer = vi.fn();
    const lote = { _id: 'l-1', criadoEm: '2026-03-02T13:00:00Z', usuario: 'Admin', descricao: 'Preço +10%', quantidade: 3, desfeitoEm: null, desfeitoPor: null };
    await renderWithProviders(<LotesCorrecao lotes={[lote]} desfazendo={null} onDesfazer={onDesfazer} />);
    fireEvent.click(screen.getByTestId('lote-desfazer'));
    const ok = await screen.findByTestId('lote-confirmar-desfazer');
    await waitFor(() => expect(document.activeElement).toBe(ok));
    fireEvent.click(ok);
    expect(onDesfazer).toHaveBeenCalledWith('l-1');
  });

  it('no screen asks with the browser’s own confirm, whose focus the app does not choose', () => {
    const comConfirm = fontes(srcDir).filter((f) => /\bwindow\.confirm\s*\(|(^|[^.\w])confirm\s*\(/m.test(readFileSync(f, 'utf8')));
    expect(comConfirm.map((f) => f.slice(srcDir.length))).toEqual([]);
  });
});
