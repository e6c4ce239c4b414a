import { findRecurso } from '@retaguarda/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { GerarLoteDialog } from './GerarLoteDialog.tsx';

const cupom = findRecurso('voucherECupomDesconto')!;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The API: the grouper options answer an empty list; every other call goes to `resposta`. */
function api(resposta: () => Response) {
  return vi.fn(async (url: string) => (String(url).endsWith('/getPopulate') ? json(200, { valido: true, data: [] }) : resposta()));
}
const chamadasLote = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/gerarLote'));

async function abrir(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const onGerado = vi.fn();
  const onClose = vi.fn();
  await renderWithProviders(<GerarLoteDialog recurso={cupom} opened onClose={onClose} onGerado={onGerado} />);
  await screen.findByTestId('lote-dialogo');
  return { onGerado, onClose };
}

const campo = (nome: string) => screen.getByTestId(`campo-${nome}`) as HTMLInputElement;

async function escolher(nome: string, opcao: string) {
  fireEvent.click(campo(nome));
  // The options of this input's listbox (the modal's transition keeps them aria-hidden in jsdom).
  // A select's list is mounted only while open (app/useListaSoAberta.ts): wait for it to be there.
  const lista = await waitFor(() => {
    const aberta = document.getElementById(campo(nome).getAttribute('aria-controls') ?? '');
    if (!aberta) throw new Error(`a lista de ${nome} não abriu`);
    return aberta;
  });
  fireEvent.click(within(lista).getByRole('option', { name: opcao, hidden: true }));
}

describe('Gerar lote', () => {
  it('checks prefix, quantity and the shared fields before sending anything', async () => {
    const fetchMock = api(() => json(200, { valido: true, data: [] }));
    await abrir(fetchMock);
    expect(screen.queryByTestId('campo-codigo')).toBeNull();
    expect(screen.queryByTestId('campo-lote')).toBeNull();
    fireEvent.change(screen.getByTestId('lote-quantidade'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('lote-gerar'));
    expect(await screen.findByText('Use de 2 a 20 letras ou números no prefixo (sem espaços nem acentos).')).toBeTruthy();
    expect(screen.getByText('Informe a quantidade.')).toBeTruthy();
    expect(screen.getByText('Escolha percentual ou valor.')).toBeTruthy();
    expect(screen.getByText('Informe o início da validade (AAAA-MM-DD).')).toBeTruthy();
    expect(chamadasLote(fetchMock)).toEqual([]);
  });

  it('sends one call with the prefix, the quantity and the shared fields; then shows the batch', async () => {
    const fetchMock = api(() => json(201, { valido: true, data: [{ _id: '1' }, { _id: '2' }, { _id: '3' }] }));
    const { onGerado, onClose } = await abrir(fetchMock);
    fireEvent.change(screen.getByTestId('lote-prefixo'), { target: { value: 'natal' } });
    expect((screen.getByTestId('lote-prefixo') as HTMLInputElement).value).toBe('NATAL');
    fireEvent.change(screen.getByTestId('lote-quantidade'), { target: { value: '3' } });
    await escolher('tipoDesconto', 'Valor');
    fireEvent.change(campo('valor'), { target: { value: '15,50' } });
    fireEvent.change(campo('validoDe'), { target: { value: '20261201' } });
    fireEvent.click(screen.getByTestId('lote-gerar'));
    await waitFor(() => expect(chamadasLote(fetchMock)).toHaveLength(1));
    const [url, init] = chamadasLote(fetchMock)[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/voucherECupomDesconto/gerarLote');
    const body = JSON.parse(init.body as string);
    expect(body).toMatchObject({ prefixo: 'NATAL', quantidade: 3, tipo: 'Voucher', tipoDesconto: 'Valor', valor: 1550, validoDe: '2026-12-01', limiteUsoTotal: 1 });
    expect(body).not.toHaveProperty('codigo');
    expect(body).not.toHaveProperty('lote');
    await waitFor(() => expect(onGerado).toHaveBeenCalledWith('NATAL'));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the server’s refusal next to the field and keeps the input', async () => {
    const fetchMock = api(() =>
      json(400, { valido: false, data: { message: 'Agrupadores elegíveis: Agrupador não encontrado.', campos: { agrupadores: 'Agrupador não encontrado.' } } }),
    );
    const { onGerado } = await abrir(fetchMock);
    fireEvent.change(screen.getByTestId('lote-prefixo'), { target: { value: 'PIZZA' } });
    await escolher('tipoDesconto', 'Percentual');
    fireEvent.change(campo('percentual'), { target: { value: '10' } });
    fireEvent.change(campo('validoDe'), { target: { value: '20261201' } });
    fireEvent.click(screen.getByTestId('lote-gerar'));
    expect(await screen.findByTestId('lote-erro')).toBeTruthy();
    expect(screen.getByText('Agrupador não encontrado.')).toBeTruthy();
    expect((screen.getByTestId('lote-prefixo') as HTMLInputElement).value).toBe('PIZZA');
    expect(onGerado).not.toHaveBeenCalled();
  });
});
