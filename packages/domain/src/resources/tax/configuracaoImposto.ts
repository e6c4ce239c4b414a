import { z } from 'zod';
import { decimalExato } from '../../shared/decimalExato.ts';
import {
  ALIQUOTAS_TESTE_2026,
  CCLASSTRIB,
  CFOP_SAIDA,
  csosns,
  cstsIbsCbs,
  cstsIcms,
  cstsIpi,
  modsBc,
  modsBcSt,
  rotulosCsosn,
  rotulosCstIbsCbs,
  rotulosCstIcms,
  rotulosCstIpi,
  rotulosModBc,
  rotulosModBcSt,
} from '../../tax/codigosFiscais.ts';
import { defineRecurso } from '../define.ts';
import { siglasUf } from '../registration/endereco.ts';
import { textoObrigatorio } from '../registration/texto.ts';
import { aliquota, codigoOpcional } from './campos.ts';
import { regrasConfiguracaoImposto } from './regrasImposto.ts';

/** One destination UF: the ICMS of a sale to it (the company's own UF for NFC-e and internal NF-e). */
const linhaIcms = z.object({
  uf: z.enum(siglasUf, { error: 'Escolha a UF de destino.' }),
  cfop: z
    .string({ error: 'Informe o CFOP.' })
    .trim()
    .regex(CFOP_SAIDA, 'CFOP de saída: 4 dígitos começando por 5 (dentro do estado), 6 (outro estado) ou 7 (exterior).'),
  cst: z.enum(cstsIcms, { error: 'CST do ICMS: escolha um código da tabela (00, 10, 20, 40, 60, 90…).' }).nullable().default(null),
  csosn: z.enum(csosns, { error: 'CSOSN: escolha um código da tabela (101, 102, 500, 900…).' }).nullable().default(null),
  modBc: z.enum(modsBc, { error: 'Modalidade da base: escolha um código de 0 a 3.' }).default('3'),
  aliquota: aliquota('a alíquota do ICMS').default('0.0000'),
  reducaoBase: aliquota('a redução da base').default('0.0000'),
  aliquotaFcp: aliquota('a alíquota do FCP').default('0.0000'),
  modBcSt: z.enum(modsBcSt, { error: 'Modalidade da base do ST: escolha um código de 0 a 6.' }).nullable().default(null),
  mva: decimalExato({ casas: 4, min: '0', max: '999.9999', rotulo: 'a MVA' }).default('0.0000'),
  aliquotaSt: aliquota('a alíquota do ICMS ST').default('0.0000'),
  reducaoBaseSt: aliquota('a redução da base do ST').default('0.0000'),
  aliquotaFcpSt: aliquota('a alíquota do FCP ST').default('0.0000'),
});

const ipiPadrao = { cst: null, enquadramento: '999', aliquota: '0.0000' };
const ibsCbsPadrao = { cst: null, cClassTrib: null, aliquotaIbsUf: ALIQUOTAS_TESTE_2026.ibsUf, aliquotaIbsMun: ALIQUOTAS_TESTE_2026.ibsMun, aliquotaCbs: ALIQUOTAS_TESTE_2026.cbs };

const ajudaTeste2026 =
  'Em 2026, ano de teste da reforma (LC 214/2025, arts. 343 e 346): CBS 0,9%, IBS estadual 0,1% e IBS municipal 0%. ' +
  'O valor sai na nota e é compensado com PIS/COFINS (quem cumpre as obrigações acessórias não recolhe); empresas do Simples Nacional ficam fora em 2026. A partir de 2027 as alíquotas mudam por lei: revise.';

/**
 * The state tax of a product (ICMS per destination UF, with FCP and ST), its IPI (the
 * configuracaoImpostoIPI screen opens this same page on the IPI tab) and the IBS/CBS of the tax
 * reform that NF-e and NFC-e carry from 2026. Per company: CST or CSOSN follows the company's CRT.
 */
export const configuracaoImposto = defineRecurso({
  nome: 'configuracaoImposto',
  rotulo: 'Configuração de imposto estadual',
  rotuloPlural: 'Configurações de imposto estadual',
  feminino: true,
  escopo: 'empresa',
  schema: () => z.object({
    descricao: textoObrigatorio('Informe a descrição.', 80),
    icms: z.array(linhaIcms).min(1, 'Informe o ICMS de pelo menos uma UF (a da empresa, para a NFC-e).'),
    ipi: z
      .object({
        cst: z.enum(cstsIpi, { error: 'CST do IPI: escolha um código da tabela (50, 51, 52, 53, 99…).' }).nullable().default(null),
        enquadramento: z
          .string({ error: 'Informe o enquadramento do IPI.' })
          .trim()
          .regex(/^\d{3}$/, 'Enquadramento do IPI (cEnq): 3 dígitos da tabela da Receita Federal (999 = tributação normal).')
          .default('999'),
        aliquota: aliquota('a alíquota do IPI').default('0.0000'),
      })
      .default(ipiPadrao),
    ibsCbs: z
      .object({
        cst: z.enum(cstsIbsCbs, { error: 'CST IBS/CBS: escolha um código da tabela (000, 200, 410, 620…).' }).nullable().default(null),
        cClassTrib: codigoOpcional(CCLASSTRIB, 'cClassTrib: 6 dígitos, os três primeiros da CST (ex.: 000001).'),
        aliquotaIbsUf: aliquota('a alíquota do IBS estadual').default(ALIQUOTAS_TESTE_2026.ibsUf),
        aliquotaIbsMun: aliquota('a alíquota do IBS municipal').default(ALIQUOTAS_TESTE_2026.ibsMun),
        aliquotaCbs: aliquota('a alíquota da CBS').default(ALIQUOTAS_TESTE_2026.cbs),
      })
      .default(ibsCbsPadrao),
    ativo: z.boolean().default(true),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto', ajuda: 'Como os produtos escolhem esta configuração (ex.: Tributado 18%, Substituição tributária).' },
    icms: {
      rotulo: 'ICMS por UF de destino',
      tipo: 'lista',
      ajuda: 'Uma linha por UF de destino. A da própria empresa vale para a NFC-e e para a NF-e dentro do estado (CFOP 5…); as outras, para NF-e interestadual (CFOP 6…).',
      resumo: ['uf', 'cfop', 'aliquota'],
      campos: {
        uf: { rotulo: 'UF de destino', tipo: 'uf' },
        cfop: { rotulo: 'CFOP', tipo: 'texto', ajuda: 'Ex.: 5102 venda de mercadoria, 5405 venda com ST já retido.' },
        cst: { rotulo: 'CST', tipo: 'opcao', opcoes: cstsIcms, rotulosOpcoes: rotulosCstIcms, ajuda: 'Regime normal (CRT 2 ou 3).' },
        csosn: { rotulo: 'CSOSN', tipo: 'opcao', opcoes: csosns, rotulosOpcoes: rotulosCsosn, ajuda: 'Simples Nacional e MEI (CRT 1 ou 4).' },
        modBc: { rotulo: 'Modalidade da base', tipo: 'opcao', opcoes: modsBc, rotulosOpcoes: rotulosModBc },
        aliquota: { rotulo: 'Alíquota do ICMS', tipo: 'percentual', ajuda: 'Com CSOSN 101 ou 201: a alíquota do crédito do Simples.' },
        reducaoBase: { rotulo: 'Redução da base', tipo: 'percentual', ajuda: 'CST 20 e 70.' },
        aliquotaFcp: { rotulo: 'FCP', tipo: 'percentual', ajuda: 'Fundo de Combate à Pobreza, quando a UF cobra.' },
        modBcSt: { rotulo: 'Modalidade da base do ST', tipo: 'opcao', opcoes: modsBcSt, rotulosOpcoes: rotulosModBcSt, ajuda: 'CST 10, 30 e 70; CSOSN 201, 202 e 203.' },
        mva: { rotulo: 'MVA', tipo: 'percentual', ajuda: 'Margem de valor agregado do ST (modalidade 4).' },
        aliquotaSt: { rotulo: 'Alíquota do ICMS ST', tipo: 'percentual' },
        reducaoBaseSt: { rotulo: 'Redução da base do ST', tipo: 'percentual' },
        aliquotaFcpSt: { rotulo: 'FCP ST', tipo: 'percentual' },
      },
    },
    ipi: {
      rotulo: 'IPI',
      tipo: 'objeto',
      campos: {
        cst: { rotulo: 'CST do IPI', tipo: 'opcao', opcoes: cstsIpi, rotulosOpcoes: rotulosCstIpi, ajuda: 'Vazio quando a empresa não é contribuinte do IPI (o caso da maioria dos restaurantes e do varejo).' },
        enquadramento: { rotulo: 'Enquadramento (cEnq)', tipo: 'texto', ajuda: 'Código de enquadramento legal da Receita Federal; 999 = tributação normal.' },
        aliquota: { rotulo: 'Alíquota do IPI', tipo: 'percentual', ajuda: 'A da TIPI para o NCM do produto.' },
      },
    },
    ibsCbs: {
      rotulo: 'IBS e CBS (reforma tributária)',
      tipo: 'objeto',
      ajuda: ajudaTeste2026,
      campos: {
        cst: { rotulo: 'CST IBS/CBS', tipo: 'opcao', opcoes: cstsIbsCbs, rotulosOpcoes: rotulosCstIbsCbs, ajuda: 'Obrigatória na NF-e e na NFC-e (grupo IBSCBS). 000 = tributação integral.' },
        cClassTrib: { rotulo: 'cClassTrib', tipo: 'texto', ajuda: 'Classificação tributária de 6 dígitos; os 3 primeiros são a CST (000001 = tributação integral).' },
        aliquotaIbsUf: { rotulo: 'IBS estadual', tipo: 'percentual', ajuda: 'Em 2026: 0,1%.' },
        aliquotaIbsMun: { rotulo: 'IBS municipal', tipo: 'percentual', ajuda: 'Em 2026: 0%.' },
        aliquotaCbs: { rotulo: 'CBS', tipo: 'percentual', ajuda: 'Em 2026: 0,9%.' },
      },
    },
    ativo: { rotulo: 'Ativa', tipo: 'booleano' },
  },
  colunas: ['descricao', 'icms', 'ativo'],
  busca: ['descricao'],
  filtros: ['ativo'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  unicos: [['descricao']],
  abas: [
    { chave: 'icms', rotulo: 'ICMS', campos: ['descricao', 'icms', 'ativo'] },
    { chave: 'ipi', rotulo: 'IPI', campos: ['ipi'] },
    { chave: 'ibsCbs', rotulo: 'IBS/CBS', campos: ['ibsCbs'] },
  ],
  regras: regrasConfiguracaoImposto,
});
