import { z } from 'zod';
import { decimalExato } from '../../shared/decimalExato.ts';
import { defineRecurso } from '../define.ts';

/** Days 1–28 exist in every month, so the closing and the due date never fall on a missing day. */
const dia = (rotulo: string) =>
  z
    .number({ error: `Informe o dia de ${rotulo}.` })
    .int(`Informe o dia de ${rotulo} (1 a 28).`)
    .min(1, `O dia de ${rotulo} vai de 1 a 28.`)
    .max(28, `O dia de ${rotulo} vai de 1 a 28.`);

/**
 * A company agreement (convênio): a juridical person whose members buy on account, each up to a
 * credit limit, closing on one day of the month and paying on another, with a discount.
 */
export const pessoaConvenio = defineRecurso({
  nome: 'pessoaConvenio',
  rotulo: 'Convênio',
  rotuloPlural: 'Convênios',
  escopo: 'grupo',
  avisos: ['O extrato por período e a conta a receber gerada no fechamento dependem das vendas e do financeiro, que ainda não existem.'],
  schema: () => z.object({
    descricao: z.string({ error: 'Informe a descrição.' }).trim().min(1, 'Informe a descrição.').max(80, 'No máximo 80 caracteres.'),
    /** The agreeing company: a pessoa jurídica (checked on save). */
    pessoa: z.string({ error: 'Escolha a empresa conveniada.' }).min(1, 'Escolha a empresa conveniada.'),
    membros: z
      .array(
        z.object({
          pessoa: z.string({ error: 'Escolha a pessoa.' }).min(1, 'Escolha a pessoa.'),
          limiteCredito: z.number({ error: 'Informe o limite em centavos.' }).int('Informe o limite em centavos.').min(0, 'O limite não pode ser negativo.').default(0),
        }),
      )
      .default([]),
    diaFechamento: dia('fechamento'),
    diaVencimento: dia('vencimento'),
    desconto: decimalExato({ casas: 2, min: '0', max: '100', rotulo: 'o desconto' }).default('0.00'),
    ativo: z.boolean().default(true),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto' },
    pessoa: { rotulo: 'Empresa conveniada', tipo: 'referencia', filtro: { tipo: 'Jurídica' }, ajuda: 'Uma pessoa jurídica do cadastro de pessoas.' },
    membros: {
      rotulo: 'Membros',
      tipo: 'lista',
      campos: { pessoa: { rotulo: 'Pessoa', tipo: 'referencia' }, limiteCredito: { rotulo: 'Limite de crédito', tipo: 'dinheiro' } },
    },
    diaFechamento: { rotulo: 'Dia do fechamento', tipo: 'inteiro' },
    diaVencimento: { rotulo: 'Dia do vencimento', tipo: 'inteiro' },
    desconto: { rotulo: 'Desconto (%)', tipo: 'percentual' },
    ativo: { rotulo: 'Ativo', tipo: 'booleano' },
  },
  colunas: ['descricao', 'pessoa', 'membros', 'diaFechamento', 'diaVencimento', 'desconto', 'ativo'],
  busca: ['descricao'],
  filtros: ['pessoa', 'ativo'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  relacoes: { pessoa: 'pessoa', 'membros.pessoa': 'pessoa' },
  unicos: [['descricao']],
  regras: (d) => {
    const vistos = new Set<string>();
    const erros: { campo: `membros.${number}.pessoa`; mensagem: string }[] = [];
    d.membros.forEach((m, i) => {
      if (vistos.has(m.pessoa)) erros.push({ campo: `membros.${i}.pessoa`, mensagem: 'Esta pessoa já é membro do convênio.' });
      vistos.add(m.pessoa);
    });
    return erros;
  },
});
