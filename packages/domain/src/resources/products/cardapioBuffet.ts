import { z } from 'zod';
import { decimalExato } from '../../shared/decimalExato.ts';
import { defineRecurso } from '../define.ts';
import { diasSemana } from '../registration/empresa.ts';
import { CASAS_PESO } from './buffet.ts';

/**
 * Buffet by weight (self-service por quilo) of one company: the tare of the plate and the price per
 * kg by weekday and period of the day (periodoPorHora: almoço, jantar…; none = the whole day).
 */
export const cardapioBuffet = defineRecurso({
  nome: 'cardapioBuffet',
  rotulo: 'Buffet',
  rotuloPlural: 'Buffets',
  escopo: 'empresa',
  schema: () => z.object({
    descricao: z.string({ error: 'Informe a descrição.' }).trim().min(1, 'Informe a descrição.').max(80, 'No máximo 80 caracteres.'),
    tara: decimalExato({ casas: CASAS_PESO, min: '0', max: '5', rotulo: 'a tara' }).default('0.000'),
    precos: z
      .array(
        z.object({
          dias: z.array(z.enum(diasSemana, { error: 'Dia da semana desconhecido.' })).min(1, 'Escolha ao menos um dia.'),
          periodo: z.string().nullish().transform((v) => (v ? v : null)),
          precoKg: z.number({ error: 'Informe o preço do quilo.' }).int('Informe o valor em centavos.').positive('O preço do quilo deve ser maior que zero.'),
        }),
      )
      .min(1, 'Informe ao menos um preço por quilo.'),
    ativo: z.boolean().default(true),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto', ajuda: 'Buffet do almoço, self-service…' },
    tara: { rotulo: 'Tara (kg)', tipo: 'decimal', ajuda: 'Peso do prato vazio, descontado na pesagem (até 3 casas: 0,350).' },
    precos: {
      rotulo: 'Preços por quilo',
      tipo: 'lista',
      ajuda: 'Um preço por dia e período. Sem período: vale o dia todo (um período específico tem prioridade).',
      campos: {
        dias: { rotulo: 'Dias', tipo: 'opcoes', opcoes: diasSemana },
        periodo: { rotulo: 'Período', tipo: 'referencia', ajuda: 'Vazio: o dia todo.' },
        precoKg: { rotulo: 'Preço do kg', tipo: 'dinheiro' },
      },
    },
    ativo: { rotulo: 'Ativo', tipo: 'booleano' },
  },
  colunas: ['descricao', 'tara', 'precos', 'ativo'],
  busca: ['descricao'],
  filtros: ['ativo'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  relacoes: { 'precos.periodo': 'periodoPorHora' },
  unicos: [['descricao']],
  regras: (d) => {
    const vistos = new Map<string, number>();
    for (const [i, p] of d.precos.entries()) {
      for (const dia of p.dias) {
        const chave = `${dia}|${p.periodo ?? ''}`;
        if (vistos.has(chave)) {
          return [{ campo: `precos.${i}.dias`, mensagem: `${dia}${p.periodo ? ' neste período' : ' (dia todo)'} já tem preço na linha ${vistos.get(chave)! + 1}.` }];
        }
        vistos.set(chave, i);
      }
    }
    return [];
  },
});
