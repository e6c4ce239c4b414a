import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { ProdutoEstoqueInput } from './ProdutoEstoqueInput.tsx';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const produtos = [
  { _id: 'p20', codigo: 40, descricao: 'Frigideira reta alta 20 cm' },
  { _id: 'p22', codigo: 41, descricao: 'Frigideira reta alta 22 cm' },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProdutoEstoqueInput (a product picked by a server search)', () => {
  it('an option shown is still picked when it is clicked while the search for the typed text is on its way', async () => {
    // The first page answers at once; a search waits until the test lets it through.
    let soltarBusca: (() => void) | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body ?? '{}'));
        if (body.filtro?.busca) await new Promise<void>((r) => (soltarBusca = r));
        return json({ valido: true, data: produtos });
      }),
    );
    const onChange = vi.fn();
    await renderWithProviders(<ProdutoEstoqueInput valor={null} onChange={onChange} testid="produto" />);
    const input = screen.getByTestId('produto') as HTMLInputElement;
    input.focus();
    fireEvent.click(input);
    await screen.findByRole('option', { name: /reta alta 22/, hidden: true });
    fireEvent.change(input, { target: { value: 'reta alta 22' } });
    // The typed text's search starts (after the debounce) and is held.
    await waitFor(() => expect(soltarBusca).toBeDefined(), { timeout: 3000 });
    fireEvent.click(await screen.findByRole('option', { name: /reta alta 22/, hidden: true }));
    expect(onChange).toHaveBeenCalledWith({ id: 'p22', rotulo: expect.stringContaining('reta alta 22'), unidade: null });
    soltarBusca?.();
  });
});
