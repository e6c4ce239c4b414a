import { z } from 'zod';
import { normalizarGtin, SEM_GTIN } from '../../documents/gtin.ts';
import { normalizarCest, normalizarNcm } from '../../documents/ncm.ts';
import { defineRecurso } from '../define.ts';
import { origensMercadoria, rotulosOrigem } from './origem.ts';
import { rotulosTipoProduto, tiposProduto } from './tiposProduto.ts';

/** Receipts (NFC-e, kitchen tickets) print about 40 columns: longer short descriptions get cut. */
export const TAMANHO_DESCRICAO_CUPOM = 40;

const centavos = (rotulo: string) =>
  z.number({ error: `Informe ${rotulo} em centavos.` }).int(`Informe ${rotulo} em centavos.`).min(0, `${rotulo.replace(/^o /, 'O ')} não pode ser negativo.`);

/** A code of fixed digits typed with or without dots; empty means none. */
const codigoFiscal = (normalizar: (v: string) => string | null, mensagem: string) =>
  z
    .string()
    .nullable()
    .transform((valor, ctx) => {
      if (valor === null || valor.trim() === '') return null;
      const digitos = normalizar(valor);
      if (digitos === null) {
        ctx.addIssue({ code: 'custom', message: mensagem });
        return z.NEVER;
      }
      return digitos;
    })
    .default(null);

/** One option of a modifier group: a product of the catalogue or just a description, and what it adds to the price. */
const opcaoComplemento = z.object({
  produto: z.string().min(1, 'Escolha o produto.').nullable().default(null),
  descricao: z.string().trim().max(80, 'No máximo 80 caracteres.').default(''),
  precoAdicional: centavos('o preço adicional').default(0),
});

/** A modifier group ("Escolha o ponto", "Adicionais"): how many options the customer must and may pick. */
const grupoComplemento = z.object({
  nome: z.string({ error: 'Informe o nome do grupo.' }).trim().min(1, 'Informe o nome do grupo.').max(60, 'No máximo 60 caracteres.'),
  minimo: z.number({ error: 'Informe o mínimo de escolhas.' }).int('Informe um número inteiro.').min(0, 'O mínimo não pode ser negativo.').default(0),
  maximo: z.number({ error: 'Informe o máximo de escolhas.' }).int('Informe um número inteiro.').min(1, 'O máximo deve ser pelo menos 1.').default(1),
  itens: z.array(opcaoComplemento, { error: 'Inclua as opções do grupo.' }).min(1, 'Inclua ao menos uma opção no grupo.'),
});

/**
 * The group-wide product master (PRODUCT.md "Products and menus"): what a product is everywhere in
 * the group. Price, cost, taxes, stock and sale modes are per company (produtoGeralEmpresa).
 */
export const produtoGeral = defineRecurso({
  nome: 'produtoGeral',
  rotulo: 'Produto',
  rotuloPlural: 'Produtos',
  escopo: 'grupo',
  schema: () => z.object({
    /** Empty on create: the server gives the next numeric code. */
    codigo: z.string({ error: 'Informe o código.' }).trim().max(60, 'O código tem no máximo 60 caracteres.').default(''),
    gtin: z
      .string({ error: 'Informe o GTIN/EAN ou SEM GTIN.' })
      .transform((valor, ctx) => {
        const gtin = normalizarGtin(valor);
        if (gtin === null) {
          ctx.addIssue({ code: 'custom', message: 'GTIN/EAN inválido: use 8, 12, 13 ou 14 dígitos com o dígito verificador certo, ou SEM GTIN.' });
          return z.NEVER;
        }
        return gtin;
      })
      .default(SEM_GTIN),
    descricao: z.string({ error: 'Informe a descrição.' }).trim().min(1, 'Informe a descrição.').max(120, 'A descrição tem no máximo 120 caracteres.'),
    /** Empty: the server copies the start of the description. */
    descricaoCupom: z.string().trim().max(TAMANHO_DESCRICAO_CUPOM, `A descrição do cupom tem no máximo ${TAMANHO_DESCRICAO_CUPOM} caracteres.`).default(''),
    agrupador: z.string().min(1, 'Escolha o agrupador.').nullable().default(null),
    unidade: z.string({ error: 'Escolha a unidade de medida.' }).min(1, 'Escolha a unidade de medida.'),
    tipoProduto: z.enum(tiposProduto, { error: 'Escolha o tipo do produto.' }).default('normal'),
    ncm: codigoFiscal(normalizarNcm, 'O NCM tem 8 dígitos (00000000 para o que não é mercadoria).'),
    cest: codigoFiscal(normalizarCest, 'O CEST tem 7 dígitos.'),
    origem: z.enum(origensMercadoria, { error: 'Escolha a origem da mercadoria (0 a 8).' }).default('0'),
    imagens: z.array(z.object({ arquivo: z.string({ error: 'Envie a imagem.' }).min(1, 'Envie a imagem.') })).max(10, 'No máximo 10 imagens.').default([]),
    complementos: z.array(grupoComplemento).max(30, 'No máximo 30 grupos de complementos.').default([]),
    ativo: z.boolean().default(true),
  }),
  campos: {
    codigo: { rotulo: 'Código', tipo: 'texto', ajuda: 'Código interno do produto. Deixe vazio para o sistema dar o próximo número.' },
    gtin: { rotulo: 'GTIN/EAN', tipo: 'texto', ajuda: 'Código de barras com o dígito verificador, ou SEM GTIN.' },
    descricao: { rotulo: 'Descrição', tipo: 'texto' },
    descricaoCupom: { rotulo: 'Descrição no cupom', tipo: 'texto', ajuda: `Nome curto impresso no cupom e na cozinha (até ${TAMANHO_DESCRICAO_CUPOM} caracteres). Vazio: o começo da descrição.` },
    agrupador: { rotulo: 'Agrupador', tipo: 'referencia' },
    unidade: { rotulo: 'Unidade', tipo: 'referencia' },
    tipoProduto: { rotulo: 'Tipo do produto', tipo: 'opcao', opcoes: tiposProduto, rotulosOpcoes: rotulosTipoProduto },
    ncm: { rotulo: 'NCM', tipo: 'texto', ajuda: '8 dígitos, com ou sem pontos (2203.00.00).' },
    cest: { rotulo: 'CEST', tipo: 'texto', ajuda: '7 dígitos, quando o produto tem substituição tributária.' },
    origem: { rotulo: 'Origem', tipo: 'opcao', opcoes: origensMercadoria, rotulosOpcoes: rotulosOrigem },
    imagens: { rotulo: 'Imagens', tipo: 'lista', campos: { arquivo: { rotulo: 'Imagem', tipo: 'imagem', ajuda: 'PNG, JPEG ou WebP até 1 MB.' } } },
    complementos: {
      rotulo: 'Complementos',
      tipo: 'lista',
      ajuda: 'Grupos de opções que o cliente escolhe (ponto da carne, adicionais): mínimo e máximo de escolhas e o preço adicional de cada opção.',
      campos: {
        nome: { rotulo: 'Grupo', tipo: 'texto' },
        minimo: { rotulo: 'Mínimo', tipo: 'inteiro', ajuda: '0: opcional.' },
        maximo: { rotulo: 'Máximo', tipo: 'inteiro' },
        itens: {
          rotulo: 'Opções',
          tipo: 'lista',
          ajuda: 'Cada opção: um produto do cadastro ou só uma descrição, e o preço adicional.',
          campos: {
            produto: { rotulo: 'Produto', tipo: 'referencia' },
            descricao: { rotulo: 'Descrição', tipo: 'texto' },
            precoAdicional: { rotulo: 'Preço adicional', tipo: 'dinheiro' },
          },
        },
      },
    },
    ativo: { rotulo: 'Ativo', tipo: 'booleano' },
  },
  colunas: ['codigo', 'descricao', 'gtin', 'agrupador', 'unidade', 'tipoProduto', 'ncm', 'ativo'],
  busca: ['codigo', 'descricao', 'descricaoCupom', 'gtin'],
  filtros: ['codigo', 'gtin', 'agrupador', 'unidade', 'tipoProduto', 'ncm', 'cest', 'origem', 'ativo'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  relacoes: { agrupador: 'agrupador', unidade: 'unidadeMedida', 'complementos.itens.produto': 'produtoGeral' },
  unicos: [['codigo']],
  regras: (d) => {
    const erros: { campo: `complementos.${string}`; mensagem: string }[] = [];
    d.complementos.forEach((grupo, i) => {
      if (grupo.minimo > grupo.maximo) erros.push({ campo: `complementos.${i}.maximo`, mensagem: 'O máximo não pode ser menor que o mínimo.' });
      grupo.itens.forEach((item, j) => {
        if (!item.produto && !item.descricao) erros.push({ campo: `complementos.${i}.itens.${j}.descricao`, mensagem: 'Escolha um produto ou informe a descrição da opção.' });
      });
    });
    return erros;
  },
});
