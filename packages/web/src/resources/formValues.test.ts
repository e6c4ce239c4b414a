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

describe('opcoes and referencias fields (arrays)', () => {
  it('edit as arrays of strings: populated records become their ids, and go back as sent', async () => {
    const { findRecurso } = await import('@retaguarda/domain');
    const { toPayload, valoresIniciais } = await import('./formValues.ts');
    const { formatValor } = await import('./format.ts');
    const cupom = findRecurso('voucherECupomDesconto')!;
    const novos = valoresIniciais(cupom);
    expect(novos.canais).toEqual(['Salão', 'Balcão', 'Delivery', 'Delivery próprio', 'Totem', 'QR Code', 'App']);
    expect(novos.agrupadores).toEqual([]);
    const editando = valoresIniciais(cupom, { canais: ['App'], agrupadores: [{ _id: 'a1', descricao: 'Pizzas' }, 'a2'] });
    expect(editando).toMatchObject({ canais: ['App'], agrupadores: ['a1', 'a2'] });
    const mensagens = { valorInvalido: 'v', numeroInvalido: 'n' };
    expect(toPayload(cupom, { ...editando, agrupadores: ['a2'] }, mensagens).payload).toMatchObject({ canais: ['App'], agrupadores: ['a2'] });
    expect(toPayload(cupom, { ...editando, canais: undefined }, mensagens).payload.canais).toEqual([]);
    expect(formatValor(cupom.campos.canais!, ['Delivery', 'App'])).toBe('Delivery, App');
    expect(formatValor(cupom.campos.agrupadores!, [{ _id: 'a1', descricao: 'Pizzas' }, { _id: 'a2', descricao: 'Bebidas' }])).toBe('Pizzas, Bebidas');
  });
});

describe('exact decimals and percentages in the form', () => {
  it('edit with a comma, send text and come back canonical, inside a lista too', async () => {
    const { findRecurso } = await import('@retaguarda/domain');
    const { toPayload, validar, valoresIniciais } = await import('./formValues.ts');
    const mensagens = { valorInvalido: 'v', numeroInvalido: 'Número inválido.' };
    const cupom = findRecurso('voucherECupomDesconto')!;
    const editando = valoresIniciais(cupom, { codigo: 'DEZ', tipoDesconto: 'Percentual', percentual: '12.50', validoDe: '2026-01-01', canais: ['App'] });
    expect(editando.percentual).toBe('12,50');
    const { payload } = toPayload(cupom, { ...editando, percentual: '0,1' }, mensagens);
    expect(payload.percentual).toBe('0.1');
    expect(validar(cupom, { ...editando, percentual: '0,1' }, mensagens)).toMatchObject({ dados: { percentual: '0.10' } });
    expect(validar(cupom, { ...editando, percentual: 'dez' }, mensagens).erros.percentual).toBe('Número inválido.');
    expect(validar(cupom, { ...editando, percentual: '12,345' }, mensagens).erros.percentual).toBe('O percentual: use no máximo 2 casas decimais.');

    const cashback = findRecurso('programaFidelidadeCashBack')!;
    const regra = valoresIniciais(cashback, { programa: 'p1', descricao: 'Delivery', percentuais: [{ canal: 'Delivery', percentual: '2.50' }] });
    expect(regra.percentuais).toEqual([{ canal: 'Delivery', percentual: '2,50' }]);
    const enviado = validar(cashback, { ...regra, percentuais: [{ canal: 'Delivery', percentual: '3,75' }] }, mensagens);
    expect(enviado.dados?.percentuais).toEqual([{ canal: 'Delivery', percentual: '3.75' }]);
  });
});
