import { describe, expect, it } from 'vitest';
import { conferirModelo, preencherMensagem, variaveisDoModelo } from './modeloMensagem.ts';

describe('message templates', () => {
  it('lists, checks and fills the variables', () => {
    expect(variaveisDoModelo('Olá {nome}, seu código é {codigo}. {codigo}')).toEqual(['nome', 'codigo']);
    expect(conferirModelo('Código {codigo}, {nmoe}', ['codigo', 'minutos'])).toBe('Variável desconhecida: {nmoe}. Use {codigo}, {minutos}.');
    expect(conferirModelo('{a} {b}', ['codigo'])).toBe('Variáveis desconhecidas: {a}, {b}. Use {codigo}.');
    expect(conferirModelo('Vale por {minutos} minutos', ['codigo', 'minutos'], ['codigo'])).toBe('A mensagem precisa de {codigo}.');
    expect(conferirModelo('Seu código: {codigo}', ['codigo', 'minutos'], ['codigo'])).toBeNull();
    expect(preencherMensagem('Seu código: {codigo} ({minutos} min)', { codigo: '042137', minutos: '5' })).toBe('Seu código: 042137 (5 min)');
  });
});
