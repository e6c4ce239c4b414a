import { z } from 'zod';
import type { Campo } from '../define.ts';
import { canaisVenda } from '../registration/canais.ts';
import { diasSemana } from '../registration/empresa.ts';
import { horaHHMM } from '../registration/periodoPorHora.ts';

/**
 * When a promotion or a price table applies (precos/vigencia.ts computes it): validity dates, weekdays,
 * a daily time window and the sale channels. Shared by the declarations that have one.
 */
const data = (rotulo: string) => z.iso.date({ error: `Informe ${rotulo} (AAAA-MM-DD).` });

export const camposJanelaSchema = {
  validoDe: data('o início da validade'),
  validoAte: data('o fim da validade').nullable().default(null),
  diasSemana: z.array(z.enum(diasSemana, { error: 'Dia da semana desconhecido.' })).min(1, 'Escolha ao menos um dia da semana.').default([...diasSemana]),
  horaInicio: horaHHMM('a hora de início').nullable().default(null),
  horaFim: horaHHMM('a hora de fim').nullable().default(null),
  canais: z.array(z.enum(canaisVenda, { error: 'Canal desconhecido.' })).min(1, 'Escolha ao menos um canal.').default([...canaisVenda]),
};

export const camposJanela = {
  validoDe: { rotulo: 'Válido de', tipo: 'data' },
  validoAte: { rotulo: 'Válido até', tipo: 'data', ajuda: 'Vazio: sem data de término.' },
  diasSemana: { rotulo: 'Dias da semana', tipo: 'opcoes', opcoes: diasSemana },
  horaInicio: { rotulo: 'Das', tipo: 'hora', ajuda: 'Vazio: o dia todo.' },
  horaFim: { rotulo: 'Até', tipo: 'hora', ajuda: 'Antes do início quando passa da meia-noite (22:00 às 02:00 vale como a noite do dia em que começou).' },
  canais: { rotulo: 'Canais', tipo: 'opcoes', opcoes: canaisVenda },
} as const satisfies Record<keyof typeof camposJanelaSchema, Campo>;

type CampoJanela = 'validoAte' | 'horaInicio' | 'horaFim';

/** Rules across the window's fields: an end not before the start, both hours or neither, not equal. */
export function regrasJanela(d: { validoDe: string; validoAte: string | null; horaInicio: string | null; horaFim: string | null }) {
  const erros: { campo: CampoJanela; mensagem: string }[] = [];
  if (d.validoAte !== null && d.validoAte < d.validoDe) erros.push({ campo: 'validoAte', mensagem: 'O fim da validade não pode ser antes do início.' });
  if ((d.horaInicio === null) !== (d.horaFim === null)) {
    erros.push({ campo: d.horaInicio === null ? 'horaInicio' : 'horaFim', mensagem: 'Informe as duas horas, ou nenhuma para valer o dia todo.' });
  } else if (d.horaInicio !== null && d.horaInicio === d.horaFim) {
    erros.push({ campo: 'horaFim', mensagem: 'A hora de fim deve ser diferente da de início.' });
  }
  return erros;
}
