import { z } from 'zod';
import { tiposPrecoTabela } from '../../precos/tabelaVenda.ts';
import { decimalExato } from '../../shared/decimalExato.ts';
import { defineRecurso } from '../define.ts';
import { textoObrigatorio } from '../registration/texto.ts';
import { camposJanela, camposJanelaSchema, regrasJanela } from '../products/janelaVenda.ts';

/**
 * A sale price table of the company: for its channels, hours, weekdays and validity, each listed
 * product sells at a fixed price or at the company's price changed by a % (negative = discount).
 * When several apply, the highest prioridade wins (precos/tabelaVenda.ts).
 */
export const tabelaVenda = defineRecurso({
  nome: 'tabelaVenda',
  rotulo: 'Tabela de venda',
  rotuloPlural: 'Tabelas de venda',
  feminino: true,
  escopo: 'empresa',
  schema: () => z.object({
    descricao: textoObrigatorio('Informe a descrição.', 80),
    ...camposJanelaSchema,
    prioridade: z.number({ error: 'Informe a prioridade.' }).int('Informe a prioridade (número inteiro).').min(0, 'A prioridade não pode ser negativa.').max(999, 'No máximo 999.').default(0),
    itens: z
      .array(
        z.object({
          produto: z.string({ error: 'Escolha o produto.' }).min(1, 'Escolha o produto.'),
          tipo: z.enum(tiposPrecoTabela, { error: 'Escolha preço fixo ou percentual.' }).default('Preço fixo'),
          preco: z.number({ error: 'Informe o preço.' }).int('Informe o preço em centavos.').min(0, 'O preço não pode ser negativo.').nullable().default(null),
          percentual: decimalExato({ casas: 2, min: '-100', max: '1000', rotulo: 'o ajuste' }).nullable().default(null),
        }),
      )
      .min(1, 'Inclua ao menos um produto.'),
    ativo: z.boolean().default(true),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto', ajuda: 'Delivery próprio, iFood, Almoço executivo…' },
    ...camposJanela,
    prioridade: { rotulo: 'Prioridade', tipo: 'inteiro', ajuda: 'Quando mais de uma tabela vale para o mesmo produto, vale a de maior prioridade.' },
    itens: {
      rotulo: 'Preços por produto',
      tipo: 'lista',
      ajuda: 'Preço fixo: o valor informado. Percentual: o preço da empresa com o ajuste (negativo para desconto, positivo para acréscimo), arredondado ao centavo.',
      campos: {
        produto: { rotulo: 'Produto', tipo: 'referencia' },
        tipo: { rotulo: 'Tipo', tipo: 'opcao', opcoes: tiposPrecoTabela },
        preco: { rotulo: 'Preço', tipo: 'dinheiro' },
        percentual: { rotulo: 'Ajuste (%)', tipo: 'percentual' },
      },
    },
    ativo: { rotulo: 'Ativa', tipo: 'booleano' },
  },
  colunas: ['descricao', 'canais', 'validoDe', 'validoAte', 'diasSemana', 'horaInicio', 'horaFim', 'prioridade', 'itens', 'ativo'],
  busca: ['descricao'],
  filtros: ['canais', 'diasSemana', 'validoDe', 'validoAte', 'prioridade', 'ativo'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  relacoes: { 'itens.produto': 'produtoGeral' },
  unicos: [['descricao']],
  regras: (d) => {
    const erros: { campo: ReturnType<typeof regrasJanela>[number]['campo'] | `itens.${number}.${string}`; mensagem: string }[] = [...regrasJanela(d)];
    const vistos = new Set<string>();
    d.itens.forEach((item, i) => {
      if (item.tipo === 'Preço fixo' && item.preco === null) erros.push({ campo: `itens.${i}.preco`, mensagem: 'Informe o preço.' });
      if (item.tipo === 'Percentual' && item.percentual === null) erros.push({ campo: `itens.${i}.percentual`, mensagem: 'Informe o ajuste (%).' });
      if (vistos.has(item.produto)) erros.push({ campo: `itens.${i}.produto`, mensagem: 'Este produto já está na tabela.' });
      vistos.add(item.produto);
    });
    return erros;
  },
});
