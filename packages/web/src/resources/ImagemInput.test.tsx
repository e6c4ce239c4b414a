import type { Campo } from '@retaguarda/domain';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { ImagemInput } from './ImagemInput.tsx';
import { RecursoDoFormulario } from './RecursoDoFormulario.ts';

const campo: Campo = { rotulo: 'Imagem', tipo: 'imagem' };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function enviarFoto(resposta: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => resposta);
  vi.stubGlobal('fetch', fetchMock);
  const onChange = vi.fn();
  const { container } = await renderWithProviders(
    <RecursoDoFormulario.Provider value="produtoGeral">
      <ImagemInput nome="imagens.1.arquivo" campo={campo} valor="" onChange={onChange} />
    </RecursoDoFormulario.Provider>,
  );
  const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
  const arquivo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'lanche.png', { type: 'image/png' });
  fireEvent.change(input, { target: { files: [arquivo] } });
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  return { fetchMock, onChange };
}

describe('image field upload', () => {
  it('names the form’s resource and the field’s path, so the server checks that screen', async () => {
    const { fetchMock, onChange } = await enviarFoto(json(201, { valido: true, data: { _id: 'f1', nome: 'lanche.png', tipo: 'image/png', tamanho: 8 } }));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toMatch(/\/arquivo$/);
    expect(JSON.parse(String(init?.body))).toEqual({ nome: 'lanche.png', tipo: 'image/png', conteudo: 'iVBORw0KGgo=', recurso: 'produtoGeral', campo: 'imagens.1.arquivo' });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('f1'));
  });

  it('shows the server’s refusal beside the field', async () => {
    const { onChange } = await enviarFoto(json(403, { valido: false, data: { message: 'Acesso negado: o seu perfil não permite editar registros na tela Produtos.' } }));
    expect(await screen.findByText('Acesso negado: o seu perfil não permite editar registros na tela Produtos.')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });
});
