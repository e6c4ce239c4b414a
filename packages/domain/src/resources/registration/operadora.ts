import { z } from 'zod';
import { decimalExato } from '../../shared/decimalExato.ts';
import { isValidCnpj, normalizeCnpj } from '../../documents/cnpj.ts';
import { defineRecurso } from '../define.ts';
import { contagensDias, produtosRecebivel, regraLiquidacaoSchema, rotulosContagem, rotulosProduto } from '../../finance/recebiveis/regras.ts';
import { avisosPatDaRegra } from '../../finance/recebiveis/pat.ts';

const percentual = (rotulo: string) => decimalExato({ casas: 2, min: '0', max: '100', rotulo }).default('0.00');
const dias = z.number().int('Informe um número inteiro de dias.').min(0, 'Os dias não podem ser negativos.').max(365, 'No máximo 365 dias.');

export const operadora = defineRecurso({
  nome: 'operadora',
  rotulo: 'Operadora de cartão',
  rotuloPlural: 'Operadoras de cartão',
  feminino: true,
  escopo: 'empresa',
  schema: () => z.object({
    nome: z.string().trim().min(1, 'Informe o nome.').max(80),
    // Numeric or alphanumeric, stored without mask and uppercase.
    cnpj: z.string({ error: 'Informe o CNPJ.' }).overwrite(normalizeCnpj).refine(isValidCnpj, 'CNPJ inválido.'),
    diasDebito: dias.default(1),
    diasCredito: dias.default(30),
    taxaDebito: percentual('a taxa de débito'),
    taxaCredito: percentual('a taxa de crédito'),
    taxaParcelado: percentual('a taxa do parcelado'),
    taxaAntecipacao: percentual('a taxa de antecipação'),
    parcelado: z.enum(['lojista', 'emissor'], { error: 'Escolha lojista ou emissor.' }).default('lojista'),
    // Records saved before the rules existed read as none: the simple fields above settle everything.
    regras: z.array(regraLiquidacaoSchema).max(200, 'No máximo 200 regras.').default([]),
    ativo: z.boolean().default(true),
  }),
  campos: {
    nome: { rotulo: 'Nome', tipo: 'texto', ajuda: 'Cielo, Rede, Stone, GetNet…' },
    cnpj: { rotulo: 'CNPJ', tipo: 'cpfCnpj' },
    diasDebito: { rotulo: 'Dias para receber (débito)', tipo: 'inteiro' },
    diasCredito: { rotulo: 'Dias para receber (crédito)', tipo: 'inteiro' },
    taxaDebito: { rotulo: 'Taxa de débito (%)', tipo: 'percentual' },
    taxaCredito: { rotulo: 'Taxa de crédito (%)', tipo: 'percentual' },
    taxaParcelado: { rotulo: 'Taxa do parcelado (%)', tipo: 'percentual' },
    taxaAntecipacao: { rotulo: 'Taxa de antecipação (%)', tipo: 'percentual' },
    parcelado: {
      rotulo: 'Crédito parcelado',
      tipo: 'opcao',
      opcoes: ['lojista', 'emissor'],
      rotulosOpcoes: { lojista: 'Lojista (recebe uma parcela a cada 30 dias)', emissor: 'Emissor (recebe tudo como à vista)' },
    },
    regras: {
      rotulo: 'Regras de recebimento do contrato',
      tipo: 'lista',
      ajuda:
        'Prazo e taxas por produto, e se quiser por bandeira e faixa de parcelas: vale a regra mais específica. ' +
        'Sem regra para o produto, valem os dias e as taxas acima (débito em dias úteis, crédito e vales em dias corridos).',
      resumo: ['produto', 'dias', 'taxa'],
      campos: {
        produto: { rotulo: 'Produto', tipo: 'opcao', opcoes: produtosRecebivel, rotulosOpcoes: rotulosProduto },
        bandeira: { rotulo: 'Bandeira', tipo: 'referencia', ajuda: 'Vazio: todas as bandeiras.' },
        parcelasDe: { rotulo: 'Parcelas de', tipo: 'inteiro', ajuda: 'Vazio: desde 1.' },
        parcelasAte: { rotulo: 'Parcelas até', tipo: 'inteiro', ajuda: 'Vazio: sem limite.' },
        dias: { rotulo: 'Dias para receber (D+N)', tipo: 'inteiro', ajuda: 'No parcelado, a parcela k vence N + 30·(k−1) dias depois da venda.' },
        contagem: { rotulo: 'Contagem dos dias', tipo: 'opcao', opcoes: contagensDias, rotulosOpcoes: rotulosContagem, ajuda: 'Dias corridos que caem em fim de semana ou feriado são pagos no dia útil seguinte.' },
        taxa: { rotulo: 'Taxa (MDR %)', tipo: 'percentual' },
        tarifa: { rotulo: 'Tarifa fixa por venda', tipo: 'dinheiro', ajuda: 'Descontada da primeira parcela.' },
        antecipacaoAutomatica: { rotulo: 'Antecipação automática', tipo: 'booleano', ajuda: 'Todas as parcelas pagas no dia útil seguinte à venda, descontadas pela taxa ao mês.' },
        taxaAntecipacao: { rotulo: 'Taxa de antecipação ao mês (%)', tipo: 'percentual' },
      },
    },
    ativo: { rotulo: 'Ativo', tipo: 'booleano' },
  },
  colunas: ['nome', 'cnpj', 'diasDebito', 'diasCredito', 'taxaDebito', 'taxaCredito', 'ativo'],
  busca: ['nome', 'cnpj'],
  filtros: ['cnpj', 'ativo'],
  ordenacao: { campo: 'nome', direcao: 'asc' },
  unicos: [['nome']],
  relacoes: { 'regras.bandeira': 'tipoPagamentoBandeira' },
  regras: (d) =>
    d.regras.flatMap((r, i) =>
      r.parcelasDe !== null && r.parcelasAte !== null && r.parcelasDe > r.parcelasAte ? [{ campo: `regras.${i}.parcelasAte` as const, mensagem: 'A parcela final da faixa é menor que a inicial.' }] : [],
    ),
  // The PAT caps bind the acquirer, not the store: a contract above them is saved, and the form says so.
  alertas: (d) => d.regras.flatMap((r, i) => avisosPatDaRegra(r).map((a) => ({ campo: `regras.${i}.${a.codigo === 'patTaxa' ? 'taxa' : 'dias'}` as const, mensagem: `Regra ${i + 1} (${rotulosProduto[r.produto]}): ${a.mensagem}` }))),
});
