import { findRecurso } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { parseListState, toGetPopulate, writeListState, type ListState } from './listState.ts';

const unidade = findRecurso('unidadeMedida')!;
const setorImpressao = findRecurso('setorImpressao')!;

describe('list state in the URL', () => {
  it('reads defaults from a plain URL and writes them back as a plain URL', () => {
    const state = parseListState(new URLSearchParams(), unidade);
    expect(state).toEqual({ busca: '', filtros: {}, ordem: { campo: 'sigla', direcao: 'asc' }, pagina: 1, por: 50, lixo: false, formulario: null });
    expect(writeListState(state, unidade).toString()).toBe('');
  });

  it('round-trips search, filters, order, page, trash view and the open form', () => {
    const state: ListState = {
      busca: 'quilo',
      filtros: { fracionado: 'sim', sigla: 'K' },
      ordem: { campo: 'descricao', direcao: 'desc' },
      pagina: 3,
      por: 200,
      lixo: true,
      formulario: { modo: 'editar', id: 'u1' },
    };
    const params = writeListState(state, unidade);
    expect(Object.fromEntries(params)).toEqual({ busca: 'quilo', fracionado: 'sim', sigla: 'K', ordenar: '-descricao', pagina: '3', por: '200', lixo: '1', editar: 'u1' });
    expect(parseListState(new URLSearchParams(params.toString()), unidade)).toEqual(state);
    const dup = writeListState({ ...state, formulario: { modo: 'novo', duplicar: 'u2' } }, unidade);
    expect(parseListState(dup, unidade).formulario).toEqual({ modo: 'novo', duplicar: 'u2' });
  });

  it('ignores what the declaration does not allow and keeps unrelated parameters', () => {
    const state = parseListState(new URLSearchParams('ordenar=senha&pagina=-4&descricao=x&outra=1'), unidade);
    expect(state.ordem).toEqual({ campo: 'sigla', direcao: 'asc' });
    expect(state.pagina).toBe(1);
    expect(state.filtros).toEqual({});
    expect(writeListState(state, unidade, new URLSearchParams('outra=1')).toString()).toBe('outra=1');
  });

  it('turns the state into the getPopulate request', () => {
    const state = parseListState(new URLSearchParams('busca=kg&fracionado=nao&sigla=K.&ordenar=-descricao&pagina=2&lixo=1'), unidade);
    expect(toGetPopulate(state, unidade)).toEqual({
      filtro: { lixo: true, busca: 'kg', fracionado: false, sigla: { $regex: 'K.' } },
      sort: { descricao: -1 },
      limit: 50,
      skip: 50,
      colunas: true,
    });
    expect(toGetPopulate(parseListState(new URLSearchParams('por=1000&pagina=3'), unidade), unidade)).toMatchObject({ limit: 1000, skip: 2000 });
    expect(toGetPopulate(parseListState(new URLSearchParams('por=todos'), unidade), unidade)).toMatchObject({ limit: 20000, skip: 0 });
    expect(parseListState(new URLSearchParams('por=37'), unidade).por).toBe(50);
    expect(writeListState(parseListState(new URLSearchParams('por=todos'), unidade), unidade).toString()).toBe('por=todos');
    const setor = parseListState(new URLSearchParams('impressora=i1'), setorImpressao);
    expect(toGetPopulate(setor, setorImpressao)).toMatchObject({ filtro: { lixo: false, impressora: 'i1' }, populate: ['impressora'] });
  });

  it('sends a decimal filter as exact text, typed with a comma or not', () => {
    const federal = findRecurso('configuracaoImpostoFederal')!;
    expect(toGetPopulate(parseListState(new URLSearchParams('aliquotaPis=0,65'), federal), federal).filtro).toEqual({ lixo: false, aliquotaPis: '0.65' });
    expect(toGetPopulate(parseListState(new URLSearchParams('aliquotaCofins=abc'), federal), federal).filtro).toEqual({ lixo: false });
  });
});
