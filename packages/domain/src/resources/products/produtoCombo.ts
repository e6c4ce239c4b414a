import { z } from 'zod';
import { tiposPrecoCombo } from '../../precos/combo.ts';
import { decimalExato } from '../../shared/decimalExato.ts';
import { defineRecurso } from '../define.ts';
import { textoObrigatorio } from '../registration/texto.ts';

const quantidade = (rotulo: string) => z.number({ error: `Informe ${rotulo}.` }).int(`Informe ${rotulo} (número inteiro).`).min(0, `${rotulo.replace(/^o /, 'O ')} não pode ser negativo.`).max(99, 'No máximo 99.');

/**
 * A combo of the company: steps (agrupadores) each offering some products, of which the customer
 * picks between a minimum and a maximum; priced at a fixed price (plus a step's extra per item) or
 * as the sum of the picks with a discount (precos/combo.ts). The store terminal loads the enabled
 * ones, biggest discount first, with each step's products (SPEC.md §7).
 */
export const produtoCombo = defineRecurso({
  nome: 'produtoCombo',
  rotulo: 'Combo',
  rotuloPlural: 'Combos',
  escopo: 'empresa',
  schema: () => z.object({
    descricao: textoObrigatorio('Informe a descrição.', 80),
    produto: z.string().min(1).nullable().default(null),
    tipoPreco: z.enum(tiposPrecoCombo, { error: 'Escolha preço fixo ou desconto.' }).default('Preço fixo'),
    preco: z.number({ error: 'Informe o preço.' }).int('Informe o preço em centavos.').positive('O preço deve ser maior que zero.').nullable().default(null),
    desconto: decimalExato({ casas: 2, min: '0', max: '100', rotulo: 'o desconto' }).default('0.00'),
    agrupadores: z
      .array(
        z.object({
          descricao: textoObrigatorio('Informe o nome da etapa.', 60),
          agrupador: z.string().min(1).nullable().default(null),
          produtos: z.array(z.string().min(1)).min(1, 'Escolha ao menos um produto.'),
          minimo: quantidade('o mínimo').default(1),
          maximo: quantidade('o máximo').default(1),
          acrescimo: z.number().int('Informe o acréscimo em centavos.').min(0, 'O acréscimo não pode ser negativo.').default(0),
        }),
      )
      .min(1, 'Inclua ao menos uma etapa.'),
    habilitado: z.boolean().default(true),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto', ajuda: 'Como aparece no cardápio: Combo X-Burger, Almoço executivo…' },
    produto: { rotulo: 'Produto do combo', tipo: 'referencia', filtro: { tipoProduto: 'combo' }, ajuda: 'O produto de tipo combo vendido no PDV (opcional).' },
    tipoPreco: { rotulo: 'Preço', tipo: 'opcao', opcoes: tiposPrecoCombo, ajuda: 'Preço fixo, ou a soma dos itens escolhidos com desconto.' },
    preco: { rotulo: 'Preço do combo', tipo: 'dinheiro', visivelSe: { tipoPreco: 'Preço fixo' } },
    desconto: { rotulo: 'Desconto (%)', tipo: 'percentual', visivelSe: { tipoPreco: 'Desconto' }, ajuda: 'Sobre a soma dos preços dos itens escolhidos, arredondado ao centavo.' },
    agrupadores: {
      rotulo: 'Etapas',
      tipo: 'lista',
      ajuda: 'Cada etapa oferece produtos; o cliente escolhe entre o mínimo e o máximo.',
      campos: {
        descricao: { rotulo: 'Etapa', tipo: 'texto', ajuda: 'Escolha o lanche, Escolha a bebida…' },
        agrupador: { rotulo: 'Agrupador', tipo: 'referencia' },
        produtos: { rotulo: 'Produtos', tipo: 'referencias' },
        minimo: { rotulo: 'Mínimo', tipo: 'inteiro' },
        maximo: { rotulo: 'Máximo', tipo: 'inteiro' },
        acrescimo: { rotulo: 'Acréscimo por item', tipo: 'dinheiro', ajuda: 'Somado ao preço fixo a cada item escolhido nesta etapa.' },
      },
    },
    habilitado: { rotulo: 'Habilitado', tipo: 'booleano' },
  },
  colunas: ['descricao', 'produto', 'tipoPreco', 'preco', 'desconto', 'agrupadores', 'habilitado'],
  busca: ['descricao'],
  filtros: ['produto', 'tipoPreco', 'desconto', 'habilitado'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  relacoes: { produto: 'produtoGeral', 'agrupadores.agrupador': 'agrupador', 'agrupadores.produtos': 'produtoGeral' },
  unicos: [['descricao']],
  regras: (d) => {
    const erros: { campo: 'preco' | `agrupadores.${number}.${string}`; mensagem: string }[] = [];
    if (d.tipoPreco === 'Preço fixo' && d.preco === null) erros.push({ campo: 'preco', mensagem: 'Informe o preço do combo.' });
    d.agrupadores.forEach((etapa, i) => {
      if (etapa.maximo < 1) erros.push({ campo: `agrupadores.${i}.maximo`, mensagem: 'O máximo deve ser pelo menos 1.' });
      else if (etapa.minimo > etapa.maximo) erros.push({ campo: `agrupadores.${i}.maximo`, mensagem: 'O máximo não pode ser menor que o mínimo.' });
      if (new Set(etapa.produtos).size !== etapa.produtos.length) erros.push({ campo: `agrupadores.${i}.produtos`, mensagem: 'Um produto aparece mais de uma vez na etapa.' });
    });
    return erros;
  },
});
