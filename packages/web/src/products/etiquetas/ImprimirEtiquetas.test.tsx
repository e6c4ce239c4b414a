import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { geralStore } from '../../session/store.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { entrarComo, sair } from '../../test/sessao.ts';
import { ImprimirEtiquetas } from './ImprimirEtiquetas.tsx';

const json = (body: unknown) => new Response(JSON.stringify({ valido: true, data: body }), { status: 200, headers: { 'content-type': 'application/json' } });
const falha = (mensagem: string) => new Response(JSON.stringify({ valido: false, data: { message: mensagem } }), { status: 503, headers: { 'content-type': 'application/json' } });

const modelo = { _id: 'm-1', descricao: 'Gôndola 75x40', linguagem: 'ZPL', largura: 75, altura: 40, resolucao: '203', codigo: '^XA^FO20,20^FD{descricao}^FS^FO20,100^FD{preco}^FS^XZ', validadeDias: 3 };
const impressora = { _id: 'i-1', descricao: 'Argox rede', modelo: 'Argox', conexao: 'Rede', endereco: '10.0.0.9:9100' };
const produto = { _id: 'p-1', codigo: '12', descricao: 'X-Burger da casa', descricaoCupom: '', gtin: 'SEM GTIN', unidade: { sigla: 'UN' } };

/** The server; this company's prices answer only when the test says so. */
function servidor(precos: Promise<Response>) {
  return vi.fn(async (url: string, _init?: RequestInit) => {
    if (url === '/api/modeloEtiqueta/getPopulate') return json([modelo]);
    if (url === '/api/impressora/getPopulate') return json([impressora]);
    if (url === '/api/produtoGeral/getPopulate') return json([produto]);
    if (url === '/api/produtoGeralEmpresa/getPopulate') return precos;
    if (url === '/api/gerenciarEtiquetas/imprimir') return json({ bytes: 10 });
    return json([]);
  });
}

async function escolherProduto(fetchMock: ReturnType<typeof servidor>) {
  vi.stubGlobal('fetch', fetchMock);
  await renderWithProviders(<ImprimirEtiquetas />);
  fireEvent.click(screen.getByTestId('etiquetas-produto'));
  fireEvent.click(await screen.findByRole('option', { name: /X-Burger da casa/, hidden: true }));
  await screen.findByTestId('etiquetas-linhas');
}

beforeEach(() => {
  entrarComo();
  geralStore.getState().patch({ impressoraEtiqueta: impressora, modeloEtiqueta: modelo });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  geralStore.getState().patch({ impressoraEtiqueta: null, modeloEtiqueta: null });
  sair();
});

describe('printing labels', () => {
  it('waits for the company’s prices before it prints or downloads, so no label goes out without its price', async () => {
    let responder!: (r: Response) => void;
    const fetchMock = servidor(new Promise((r) => (responder = r)));
    await escolherProduto(fetchMock);
    const imprimir = screen.getByTestId('etiquetas-imprimir-rede') as HTMLButtonElement;
    expect(imprimir.disabled).toBe(true);
    expect((screen.getByTestId('etiquetas-baixar') as HTMLButtonElement).disabled).toBe(true);

    responder(json([{ produtoGeral: 'p-1', preco: 3290 }]));
    await waitFor(() => expect(imprimir.disabled).toBe(false));
    fireEvent.click(imprimir);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/gerenciarEtiquetas/imprimir')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/gerenciarEtiquetas/imprimir')!;
    expect(JSON.parse(init!.body as string).conteudo).toContain('^FDR$ 32,90^FS');
  });

  it('says the prices could not be read and keeps printing off', async () => {
    await escolherProduto(servidor(Promise.resolve(falha('Serviço indisponível'))));
    expect((await screen.findByTestId('etiquetas-erro-precos')).textContent).toContain('Não foi possível ler os preços desta empresa');
    expect((screen.getByTestId('etiquetas-imprimir-rede') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('etiquetas-baixar') as HTMLButtonElement).disabled).toBe(true);
  });
});
