import { z } from 'zod';
import { canaisVenda } from '../registration/canais.ts';
import { defineRecurso } from '../define.ts';
import { textoObrigatorio } from '../registration/texto.ts';

/**
 * Upsell: when the product is ordered, the PDV, totem or app offers the suggested products (a drink
 * with the burger), optionally at a special price. Group-wide like the product master.
 */
export const vendaSugestaoProduto = defineRecurso({
  nome: 'vendaSugestaoProduto',
  rotulo: 'Sugestão de venda',
  rotuloPlural: 'Sugestões de venda',
  feminino: true,
  escopo: 'grupo',
  schema: () => z.object({
    produto: z.string({ error: 'Escolha o produto pedido.' }).min(1, 'Escolha o produto pedido.'),
    mensagem: textoObrigatorio('Informe a mensagem da oferta.', 120),
    sugestoes: z
      .array(
        z.object({
          produto: z.string({ error: 'Escolha o produto sugerido.' }).min(1, 'Escolha o produto sugerido.'),
          precoEspecial: z.number().int('Informe o preço em centavos.').positive('O preço especial deve ser maior que zero.').nullable().default(null),
        }),
      )
      .min(1, 'Inclua ao menos um produto sugerido.')
      .max(10, 'No máximo 10 sugestões.'),
    canais: z.array(z.enum(canaisVenda, { error: 'Canal desconhecido.' })).min(1, 'Escolha ao menos um canal.').default([...canaisVenda]),
    ativo: z.boolean().default(true),
  }),
  campos: {
    produto: { rotulo: 'Quando pedir', tipo: 'referencia' },
    mensagem: { rotulo: 'Mensagem da oferta', tipo: 'texto', ajuda: 'O que o atendente ou a tela diz: "Que tal uma bebida gelada?"' },
    sugestoes: {
      rotulo: 'Oferecer',
      tipo: 'lista',
      campos: {
        produto: { rotulo: 'Produto sugerido', tipo: 'referencia' },
        precoEspecial: { rotulo: 'Preço especial', tipo: 'dinheiro', ajuda: 'Vazio: o preço normal.' },
      },
    },
    canais: { rotulo: 'Canais', tipo: 'opcoes', opcoes: canaisVenda },
    ativo: { rotulo: 'Ativa', tipo: 'booleano' },
  },
  colunas: ['produto', 'mensagem', 'sugestoes', 'canais', 'ativo'],
  busca: ['mensagem'],
  filtros: ['produto', 'canais', 'ativo'],
  ordenacao: { campo: 'mensagem', direcao: 'asc' },
  relacoes: { produto: 'produtoGeral', 'sugestoes.produto': 'produtoGeral' },
  unicos: [['produto']],
  regras: (d) => {
    const erros: { campo: `sugestoes.${number}.produto`; mensagem: string }[] = [];
    const vistos = new Set<string>();
    d.sugestoes.forEach((s, i) => {
      if (s.produto === d.produto) erros.push({ campo: `sugestoes.${i}.produto`, mensagem: 'Sugira um produto diferente do pedido.' });
      else if (vistos.has(s.produto)) erros.push({ campo: `sugestoes.${i}.produto`, mensagem: 'Este produto já está nas sugestões.' });
      vistos.add(s.produto);
    });
    return erros;
  },
  avisos: ['As ofertas aparecem no PDV, no totem e no app, que ainda não chegam a este sistema: aqui ficam cadastradas para quando chegarem.'],
});
