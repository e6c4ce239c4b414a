import { describe, expect, it } from 'vitest';
import { dataValida, errosAposMudanca } from './formValues.ts';

describe('errors after a change', () => {
  const erros = { sigla: 'x', 'enderecos.0.cep': 'CEP inválido.', 'enderecos.1.cep': 'CEP inválido.', nome: 'y' };
  it('a plain field loses its own error only', () => {
    expect(errosAposMudanca(erros, 'sigla', 'a', 'b')).toEqual({ 'enderecos.0.cep': 'CEP inválido.', 'enderecos.1.cep': 'CEP inválido.', nome: 'y' });
  });
  it('in a lista only the edited sub-field loses its error; adding or removing rows clears the list', () => {
    const antes = [{ cep: '0131' }, { cep: '1' }];
    expect(errosAposMudanca(erros, 'enderecos', antes, [{ cep: '01310' }, { cep: '1' }])).toEqual({ sigla: 'x', 'enderecos.1.cep': 'CEP inválido.', nome: 'y' });
    expect(errosAposMudanca(erros, 'enderecos', antes, [{ cep: '1' }])).toEqual({ sigla: 'x', nome: 'y' });
  });
});

describe('dates typed with the mask', () => {
  it('only complete calendar days pass', () => {
    expect(dataValida('2024-02-29')).toBe(true);
    expect(dataValida('2023-02-29')).toBe(false);
    expect(dataValida('2024-13-01')).toBe(false);
    expect(dataValida('2024')).toBe(false);
  });
});
