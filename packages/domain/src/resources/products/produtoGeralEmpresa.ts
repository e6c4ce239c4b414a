import { z } from 'zod';
import { compararDecimal } from '../../shared/decimal.ts';
import { decimalExato } from '../../shared/decimalExato.ts';
import { defineRecurso } from '../define.ts';

/** Where the company sells the product (PRODUCT.md "Products and menus"). */
export const modosVenda = ['Salão', 'Balcão', 'Delivery', 'Totem'] as const;
export type ModoVenda = (typeof modosVenda)[number];

/** Stock levels in the product's unit: up to 3 places (0,350 kg). */
const estoque = (rotulo: string) => decimalExato({ casas: 3, min: '0', rotulo }).nullable().default(null);
const centavos = (rotulo: string, Rotulo: string) =>
  z.number({ error: `Informe ${rotulo} em centavos.` }).int(`Informe ${rotulo} em centavos.`).min(0, `${Rotulo} não pode ser negativo.`);

/**
 * A product of the group as one company sells it: price, cost, stock control and sale modes. The
 * margin is the server's (from price and cost), shown and sorted, never typed.
 */
export const produtoGeralEmpresa = defineRecurso({
  nome: 'produtoGeralEmpresa',
  rotulo: 'Produto da empresa',
  rotuloPlural: 'Produtos da empresa',
  escopo: 'empresa',
  schema: () => z.object({
    produtoGeral: z.string({ error: 'Escolha o produto.' }).min(1, 'Escolha o produto.'),
    preco: centavos('o preço', 'O preço'),
    custo: centavos('o custo', 'O custo').default(0),
    /** Written by the server (hook): exact, 2 places, like every percentage (docs/decisions/0009). */
    margem: decimalExato({ casas: 2, rotulo: 'a margem' }).nullable().default(null),
    configuracaoImposto: z.string().min(1, 'Escolha a configuração de imposto estadual.').nullable().default(null),
    impostoFederal: z.string().min(1, 'Escolha a configuração de PIS/COFINS.').nullable().default(null),
    /** Where its order tickets print (service) and where it is produced: per company (produtoGeralSetorEmpresa edits them in bulk). */
    setorImpressao: z.string().min(1).nullable().default(null),
    setorImpressaoProducao: z.string().min(1).nullable().default(null),
    modosVenda: z.array(z.enum(modosVenda, { error: 'Modo de venda desconhecido (Salão, Balcão, Delivery ou Totem).' })).default([...modosVenda]),
    controlaEstoque: z.boolean().default(false),
    estoqueMinimo: estoque('o estoque mínimo'),
    estoqueMaximo: estoque('o estoque máximo'),
    ativo: z.boolean().default(true),
  }),
  campos: {
    produtoGeral: { rotulo: 'Produto', tipo: 'referencia', ajuda: 'Do cadastro de produtos do grupo; cada produto uma vez por empresa.' },
    preco: { rotulo: 'Preço', tipo: 'dinheiro' },
    custo: { rotulo: 'Custo', tipo: 'dinheiro' },
    margem: { rotulo: 'Margem (%)', tipo: 'percentual', somenteLeitura: true, ajuda: '(Preço − custo) ÷ preço, calculada ao salvar.' },
    configuracaoImposto: { rotulo: 'Imposto estadual (ICMS)', tipo: 'referencia', ajuda: 'CFOP, CST/CSOSN e alíquotas por UF usados na NFC-e e na NF-e deste produto.' },
    impostoFederal: { rotulo: 'PIS/COFINS', tipo: 'referencia' },
    setorImpressao: { rotulo: 'Setor de impressão', tipo: 'referencia', ajuda: 'Onde o pedido deste produto imprime (cozinha, bar…).' },
    setorImpressaoProducao: { rotulo: 'Setor de produção', tipo: 'referencia', ajuda: 'Onde o produto é produzido (padaria, cozinha central…).' },
    modosVenda: { rotulo: 'Modos de venda', tipo: 'opcoes', opcoes: modosVenda, ajuda: 'Vazio: não é vendido (um insumo, por exemplo).' },
    controlaEstoque: { rotulo: 'Controla estoque', tipo: 'booleano' },
    estoqueMinimo: { rotulo: 'Estoque mínimo', tipo: 'decimal', ajuda: 'Na unidade do produto, até 3 casas decimais.' },
    estoqueMaximo: { rotulo: 'Estoque máximo', tipo: 'decimal', ajuda: 'Na unidade do produto, até 3 casas decimais.' },
    ativo: { rotulo: 'Ativo', tipo: 'booleano' },
  },
  colunas: ['produtoGeral', 'preco', 'custo', 'margem', 'configuracaoImposto', 'modosVenda', 'controlaEstoque', 'ativo'],
  busca: ['produtoGeral'],
  filtros: ['produtoGeral', 'configuracaoImposto', 'impostoFederal', 'setorImpressao', 'setorImpressaoProducao', 'modosVenda', 'controlaEstoque', 'ativo', 'preco', 'custo', 'margem'],
  ordenacao: { campo: 'produtoGeral', direcao: 'asc' },
  relacoes: {
    produtoGeral: 'produtoGeral',
    configuracaoImposto: 'configuracaoImposto',
    impostoFederal: 'configuracaoImpostoFederal',
    setorImpressao: 'setorImpressao',
    setorImpressaoProducao: 'setorImpressaoProducao',
  },
  unicos: [['produtoGeral']],
  regras: (d) => {
    const erros: { campo: 'estoqueMaximo'; mensagem: string }[] = [];
    if (d.estoqueMinimo !== null && d.estoqueMaximo !== null && compararDecimal(d.estoqueMinimo, d.estoqueMaximo) > 0) {
      erros.push({ campo: 'estoqueMaximo', mensagem: 'O estoque máximo não pode ser menor que o mínimo.' });
    }
    return erros;
  },
});
