import { describe, expect, it } from 'vitest';
import { conferirParametrosModelo, corpoDoModelo, formatarNumeroWhatsApp, lerParametrosModelo, numeroWhatsApp, situacaoAvanca, VARIAVEIS_MENSAGEM_AUTOMATICA } from './whatsapp.ts';

describe('WhatsApp numbers and statuses', () => {
  it('addresses a Brazilian number typed with its DDD with 55 in front, and refuses what cannot be a phone', () => {
    expect(numeroWhatsApp('(11) 98765-4321')).toBe('5511987654321');
    expect(numeroWhatsApp('11 3333-4444')).toBe('551133334444');
    expect(numeroWhatsApp('+55 51 99999-3333')).toBe('5551999993333');
    expect(numeroWhatsApp('+1 415 555 0100')).toBe('14155550100');
    expect(numeroWhatsApp('98765-4321')).toBeNull();
    expect(numeroWhatsApp('abc')).toBeNull();
    expect(formatarNumeroWhatsApp('5511987654321')).toBe('(11) 98765-4321');
    expect(formatarNumeroWhatsApp('14155550100')).toBe('+14155550100');
  });

  it('moves a message forward only, and never out of failed', () => {
    expect(situacaoAvanca('enviada', 'entregue')).toBe(true);
    expect(situacaoAvanca('lida', 'entregue')).toBe(false);
    expect(situacaoAvanca('entregue', 'entregue')).toBe(false);
    expect(situacaoAvanca('enviada', 'falhou')).toBe(true);
    expect(situacaoAvanca('falhou', 'lida')).toBe(false);
  });

  it("maps a template's {{n}} to known variables only, naming what is wrong", () => {
    expect(lerParametrosModelo(' {nome},{pedido} , ,{previsao} ')).toEqual(['{nome}', '{pedido}', '{previsao}']);
    expect(conferirParametrosModelo('{nome}, {pedido}', VARIAVEIS_MENSAGEM_AUTOMATICA)).toBeNull();
    expect(conferirParametrosModelo('', VARIAVEIS_MENSAGEM_AUTOMATICA)).toBeNull();
    expect(conferirParametrosModelo('{nome}, {cliente}, {mesa}', VARIAVEIS_MENSAGEM_AUTOMATICA)).toBe('Variáveis desconhecidas: {cliente}, {mesa}. Use {nome}, {pedido}, {status}, {previsao}, {loja}, {total}, {itens}.');
    expect(conferirParametrosModelo('{nome}, pedido', VARIAVEIS_MENSAGEM_AUTOMATICA)).toBe('Cada parâmetro é uma variável entre chaves, separadas por vírgula ("pedido" não é).');
  });

  it("fills a template's {{n}} with its parameters and leaves the ones still empty", () => {
    expect(corpoDoModelo('Olá {{1}}! Use o cupom {{ 2 }} e ganhe {{3}}.', ['Ana', ' VOLTA10 ', ''])).toBe('Olá Ana! Use o cupom VOLTA10 e ganhe {{3}}.');
  });
});
