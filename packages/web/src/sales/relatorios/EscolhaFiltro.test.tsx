import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { EscolhaFiltro } from './EscolhaFiltro.tsx';

const ID = '01a21d4a-09d0-7bc9-a330-86accef88515';
const lojas = [{ value: ID, label: 'Restaurante Demonstração Shopping' }];

afterEach(cleanup);

/** A link with ?empresa=<id> opens before the user's stores have arrived. */
describe('EscolhaFiltro', () => {
  it('while its options load, a store chosen in the URL reads "Carregando opções…", never its id', async () => {
    await renderWithProviders(<EscolhaFiltro multipla rotulo="Lojas" todos="Todas as lojas" opcoes={[]} carregando valor={[ID]} alterar={() => {}} largura={240} testid="lojas" />);
    const campo = screen.getByTestId('lojas').closest('.mantine-InputWrapper-root')!;
    expect(campo.textContent).toContain('Carregando opções…');
    expect(campo.textContent).not.toContain(ID);
  });

  it('once they arrive, shows the store by its name', async () => {
    await renderWithProviders(<EscolhaFiltro multipla rotulo="Lojas" todos="Todas as lojas" opcoes={lojas} valor={[ID]} alterar={() => {}} largura={240} testid="lojas" />);
    const campo = screen.getByTestId('lojas').closest('.mantine-InputWrapper-root')!;
    expect(campo.textContent).toContain('Restaurante Demonstração Shopping');
  });
});
