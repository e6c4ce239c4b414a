import { z } from 'zod';
import { tiposPromocao } from '../../precos/promocao.ts';
import { decimalExato } from '../../shared/decimalExato.ts';
import { mensagens } from '../../shared/messages.ts';
import { defineRecurso } from '../define.ts';
import { textoObrigatorio } from '../registration/texto.ts';
import { camposJanela, camposJanelaSchema, regrasJanela } from './janelaVenda.ts';

const centavos = (rotulo: string) => z.number({ error: `Informe ${rotulo}.` }).int(`Informe ${rotulo} em centavos.`).positive(`${rotulo.replace(/^o /, 'O ')} deve ser maior que zero.`);

/**
 * A promotion of the company: listed products at a promo price, or with a % off the company's price,
 * during a validity, on some weekdays, hours and channels (precos/promocao.ts prices it). The store
 * terminal loads the enabled ones with their products (SPEC.md §7).
 */
export const produtoPromocao = defineRecurso({
  nome: 'produtoPromocao',
  rotulo: 'Promoção',
  rotuloPlural: 'Promoções',
  feminino: true,
  escopo: 'empresa',
  schema: () => z.object({
    descricao: textoObrigatorio('Informe a descrição.', 80),
    tipo: z.enum(tiposPromocao, { error: 'Escolha preço promocional ou percentual de desconto.' }).default('Preço promocional'),
    percentual: decimalExato({ casas: 2, min: '0.01', max: '100', rotulo: 'o percentual de desconto' }).nullable().default(null),
    ...camposJanelaSchema,
    produtos: z
      .array(
        z.object({
          produto: z.string({ error: 'Escolha o produto.' }).min(1, 'Escolha o produto.'),
          precoPromocional: centavos('o preço promocional').nullable().default(null),
        }),
      )
      .min(1, 'Inclua ao menos um produto.'),
    habilitado: z.boolean().default(true),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto', ajuda: 'Happy hour, Terça da pizza…' },
    tipo: { rotulo: 'Tipo de promoção', tipo: 'opcao', opcoes: tiposPromocao },
    percentual: {
      rotulo: 'Desconto (%)',
      tipo: 'percentual',
      visivelSe: { tipo: 'Percentual de desconto' },
      ajuda: 'Sobre o preço de cada produto na empresa, arredondado ao centavo.',
    },
    ...camposJanela,
    produtos: {
      rotulo: 'Produtos',
      tipo: 'lista',
      ajuda: 'Com Preço promocional, informe o preço de cada produto (acima do preço normal, não é aplicado). Com Percentual, o desconto vale para todos.',
      campos: {
        produto: { rotulo: 'Produto', tipo: 'referencia' },
        precoPromocional: { rotulo: 'Preço promocional', tipo: 'dinheiro' },
      },
    },
    habilitado: { rotulo: 'Habilitada', tipo: 'booleano' },
  },
  colunas: ['descricao', 'tipo', 'percentual', 'validoDe', 'validoAte', 'diasSemana', 'horaInicio', 'horaFim', 'canais', 'produtos', 'habilitado'],
  busca: ['descricao'],
  filtros: ['tipo', 'canais', 'diasSemana', 'validoDe', 'validoAte', 'habilitado'],
  ordenacao: { campo: 'validoDe', direcao: 'desc' },
  relacoes: { 'produtos.produto': 'produtoGeral' },
  regras: (d) => {
    const erros: { campo: 'percentual' | ReturnType<typeof regrasJanela>[number]['campo'] | `produtos.${number}.${string}`; mensagem: string }[] = [...regrasJanela(d)];
    if (d.tipo === 'Percentual de desconto' && d.percentual === null) erros.push({ campo: 'percentual', mensagem: 'Informe o percentual de desconto.' });
    const vistos = new Set<string>();
    d.produtos.forEach((item, i) => {
      if (d.tipo === 'Preço promocional' && item.precoPromocional === null) erros.push({ campo: `produtos.${i}.precoPromocional`, mensagem: 'Informe o preço promocional.' });
      if (vistos.has(item.produto)) erros.push({ campo: `produtos.${i}.produto`, mensagem: 'Este produto já está na promoção.' });
      vistos.add(item.produto);
    });
    return erros;
  },
});

/** SPEC.md §5, word for word: a listed product was deleted or moved to the trash. */
export const avisoProdutoPromocaoRemovido = mensagens.promocaoProdutoRemovido;
