import { z } from 'zod';
import { decimalExato } from '../../shared/decimalExato.ts';
import { defineRecurso } from '../define.ts';
import { canaisVenda } from './canais.ts';

export const tiposCupom = ['Cupom', 'Voucher'] as const;
export const tiposDesconto = ['Percentual', 'Valor'] as const;

/** Letters, digits, '-' and '_', stored in capitals: what a customer can type or read aloud. */
export const CODIGO_CUPOM = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;
const mensagemCodigo = 'Use de 3 a 40 letras, números, - ou _ (sem espaços nem acentos).';

const data = (rotulo: string) => z.iso.date({ error: `Informe ${rotulo} (AAAA-MM-DD).` });
const limite = z.number().int('Informe um número inteiro.').min(1, 'O limite deve ser pelo menos 1 (deixe vazio para sem limite).').nullable();

/**
 * A voucher or coupon: one code, or one of a batch generated with a prefix (POST
 * /api/voucherECupomDesconto/gerarLote). Group-wide: a customer may use the code in any store.
 */
export const voucherECupomDesconto = defineRecurso({
  nome: 'voucherECupomDesconto',
  rotulo: 'Cupom de desconto',
  rotuloPlural: 'Vouchers e cupons de desconto',
  escopo: 'grupo',
  schema: () => z.object({
    codigo: z
      .string({ error: 'Informe o código.' })
      .trim()
      .toUpperCase()
      .min(1, 'Informe o código.')
      .regex(CODIGO_CUPOM, mensagemCodigo),
    descricao: z.string().trim().max(120, 'No máximo 120 caracteres.').default(''),
    tipo: z.enum(tiposCupom, { error: 'Escolha Cupom ou Voucher.' }).default('Cupom'),
    tipoDesconto: z.enum(tiposDesconto, { error: 'Escolha percentual ou valor.' }),
    percentual: decimalExato({ casas: 2, acimaDe: '0', max: '100', rotulo: 'o percentual' }).nullable().default(null),
    valor: z.number({ error: 'Informe o valor.' }).int('Informe o valor em centavos.').positive('O valor deve ser maior que zero.').nullable().default(null),
    pedidoMinimo: z.number().int('Informe o valor em centavos.').min(0, 'O pedido mínimo não pode ser negativo.').default(0),
    validoDe: data('o início da validade'),
    validoAte: data('o fim da validade').nullable().default(null),
    limiteUsoTotal: limite.default(null),
    limitePorCliente: limite.default(1),
    canais: z.array(z.enum(canaisVenda, { error: 'Canal desconhecido.' })).min(1, 'Escolha ao menos um canal.').default([...canaisVenda]),
    agrupadores: z.array(z.string().min(1)).default([]),
    lote: z.string().trim().max(40, 'No máximo 40 caracteres.').nullable().default(null),
    ativo: z.boolean().default(true),
  }),
  campos: {
    codigo: { rotulo: 'Código', tipo: 'texto', ajuda: 'O que o cliente digita ou mostra no caixa. Guardado em maiúsculas.' },
    descricao: { rotulo: 'Descrição', tipo: 'texto', ajuda: 'Campanha ou motivo (aparece só aqui).' },
    tipo: { rotulo: 'Tipo', tipo: 'opcao', opcoes: tiposCupom, ajuda: 'Cupom: código divulgado a muitos clientes. Voucher: código individual, geralmente gerado em lote.' },
    tipoDesconto: { rotulo: 'Tipo de desconto', tipo: 'opcao', opcoes: tiposDesconto },
    percentual: { rotulo: 'Desconto (%)', tipo: 'percentual', ajuda: 'Quando o tipo de desconto é Percentual (até 100%).' },
    valor: { rotulo: 'Desconto (R$)', tipo: 'dinheiro', ajuda: 'Quando o tipo de desconto é Valor.' },
    pedidoMinimo: { rotulo: 'Pedido mínimo', tipo: 'dinheiro', ajuda: 'Valor mínimo do pedido para aceitar o código (0 = sem mínimo).' },
    validoDe: { rotulo: 'Válido de', tipo: 'data' },
    validoAte: { rotulo: 'Válido até', tipo: 'data', ajuda: 'Vazio: sem data de término.' },
    limiteUsoTotal: { rotulo: 'Limite de usos (total)', tipo: 'inteiro', ajuda: 'Vazio: sem limite.' },
    limitePorCliente: { rotulo: 'Limite de usos por cliente', tipo: 'inteiro', ajuda: 'Vazio: sem limite.' },
    canais: { rotulo: 'Canais', tipo: 'opcoes', opcoes: canaisVenda },
    agrupadores: {
      rotulo: 'Agrupadores elegíveis',
      tipo: 'referencias',
      ajuda: 'Vazio: vale para todos os produtos. A escolha de produtos um a um chega com o cadastro de produtos, ainda não disponível.',
    },
    lote: { rotulo: 'Lote', tipo: 'texto', ajuda: 'Prefixo do lote quando o código foi gerado em lote.' },
    ativo: { rotulo: 'Ativo', tipo: 'booleano' },
  },
  colunas: ['codigo', 'descricao', 'tipoDesconto', 'percentual', 'valor', 'validoDe', 'validoAte', 'canais', 'ativo'],
  busca: ['codigo', 'descricao', 'lote'],
  filtros: ['tipo', 'tipoDesconto', 'canais', 'lote', 'ativo'],
  ordenacao: { campo: 'codigo', direcao: 'asc' },
  relacoes: { agrupadores: 'agrupador' },
  unicos: [['codigo']],
  regras: (d) => {
    const erros: { campo: 'percentual' | 'valor' | 'validoAte' | 'limitePorCliente'; mensagem: string }[] = [];
    if (d.tipoDesconto === 'Percentual' && d.percentual === null) erros.push({ campo: 'percentual', mensagem: 'Informe o percentual do desconto.' });
    if (d.tipoDesconto === 'Valor' && d.valor === null) erros.push({ campo: 'valor', mensagem: 'Informe o valor do desconto.' });
    if (d.validoAte !== null && d.validoAte < d.validoDe) erros.push({ campo: 'validoAte', mensagem: 'O fim da validade não pode ser antes do início.' });
    if (d.limiteUsoTotal !== null && d.limitePorCliente !== null && d.limitePorCliente > d.limiteUsoTotal) {
      erros.push({ campo: 'limitePorCliente', mensagem: 'O limite por cliente não pode passar do limite total.' });
    }
    return erros;
  },
  avisos: [
    'Usos: cada uso de um código vem de uma venda, e as vendas ainda não chegam a este sistema. Por isso ainda não há lista de usos e os limites de uso ainda não são conferidos aqui.',
  ],
});

/** Body of POST /api/voucherECupomDesconto/gerarLote: N codes '<PREFIXO>-XXXXXXXX' sharing every other field. */
export const LOTE_MAXIMO = 1000;
export const gerarLoteBody = voucherECupomDesconto.schema.omit({ codigo: true, lote: true }).extend({
  prefixo: z
    .string({ error: 'Informe o prefixo.' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,20}$/, 'Use de 2 a 20 letras ou números no prefixo (sem espaços nem acentos).'),
  quantidade: z
    .number({ error: 'Informe a quantidade.' })
    .int('Informe um número inteiro.')
    .min(1, 'Gere pelo menos 1 código.')
    .max(LOTE_MAXIMO, `No máximo ${LOTE_MAXIMO} códigos por lote.`),
});
export type GerarLoteBody = z.infer<typeof gerarLoteBody>;
