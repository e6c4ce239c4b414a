import { describe, expect, it } from 'vitest';
import { assinaturaCardapio, cardapio, situacaoCardapio } from './cardapio.ts';

const rascunho = cardapio.schema.parse({
  descricao: 'Almoço',
  canais: ['Salão'],
  secoes: [
    { nome: 'Pratos', produtos: ['p1', 'p2'] },
    { nome: 'Bebidas', produtos: ['b1'] },
  ],
});

describe('menu draft and publication', () => {
  it('is a draft until published, published while unchanged, and changed after an edit that matters', () => {
    expect(situacaoCardapio(rascunho, null)).toBe('Rascunho');
    const publicado = { assinatura: assinaturaCardapio(rascunho) };
    expect(situacaoCardapio({ ...rascunho, ativo: false } as typeof rascunho, publicado)).toBe('Publicado');
    const reordenado = { ...rascunho, secoes: [{ ...rascunho.secoes[0]!, produtos: ['p2', 'p1'] }, rascunho.secoes[1]!] };
    expect(situacaoCardapio(reordenado, publicado)).toBe('Alterado após publicar');
    const secoesTrocadas = { ...rascunho, secoes: [rascunho.secoes[1]!, rascunho.secoes[0]!] };
    expect(situacaoCardapio(secoesTrocadas, publicado)).toBe('Alterado após publicar');
    expect(situacaoCardapio({ ...rascunho, canais: ['Salão'] }, publicado)).toBe('Publicado');
  });

  it('refuses a section name twice and overlapping hours, naming the row', () => {
    const dados = cardapio.schema.parse({
      descricao: 'Noite',
      secoes: [{ nome: 'Pizzas' }, { nome: 'pizzas' }],
      disponibilidade: [
        { dias: ['Sexta', 'Sábado'], horaInicio: '18:00', horaFim: '23:00' },
        { dias: ['Sábado'], horaInicio: '22:00', horaFim: '02:00' },
        { dias: ['Domingo'], horaInicio: '10:00', horaFim: '10:00' },
      ],
    });
    expect(cardapio.regras!(dados)).toEqual([
      { campo: 'secoes.1.nome', mensagem: 'A seção pizzas aparece duas vezes.' },
      { campo: 'disponibilidade.1.horaFim', mensagem: 'Este horário se sobrepõe a outro do mesmo dia.' },
      { campo: 'disponibilidade.2.horaFim', mensagem: 'O fim deve ser diferente do início.' },
    ]);
  });
});
