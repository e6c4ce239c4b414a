import { z } from 'zod';
import type { Campo } from '../define.ts';
import { diasSemana } from '../registration/empresa.ts';
import { horaHHMM } from '../registration/periodoPorHora.ts';

export { diasSemana };
export type DiaSemana = (typeof diasSemana)[number];

/**
 * One availability window: on these weekdays, from horaInicio to horaFim (local time of the group).
 * A window whose end is not after its start runs past midnight and belongs to the day it starts on
 * (a Friday 18:00–02:00 window covers Saturday 01:30).
 */
export const janelaSchema = z.object({
  dias: z.array(z.enum(diasSemana, { error: 'Dia da semana desconhecido.' })).min(1, 'Escolha ao menos um dia.'),
  horaInicio: horaHHMM('a hora de início'),
  horaFim: horaHHMM('a hora de fim'),
});
export type Janela = z.infer<typeof janelaSchema>;

export const camposJanela: Readonly<Record<keyof Janela, Campo>> = {
  dias: { rotulo: 'Dias', tipo: 'opcoes', opcoes: diasSemana },
  horaInicio: { rotulo: 'Das', tipo: 'hora' },
  horaFim: { rotulo: 'Até', tipo: 'hora', ajuda: 'Antes do início quando passa da meia-noite.' },
};

/** A local moment: weekday and 'HH:MM'. */
export interface MomentoLocal {
  dia: DiaSemana;
  hora: string;
}

const minutos = (hora: string) => Number(hora.slice(0, 2)) * 60 + Number(hora.slice(3, 5));
const diaAnterior = (dia: DiaSemana): DiaSemana => diasSemana[(diasSemana.indexOf(dia) + 6) % 7]!;

/** Whether the window covers the moment (start included, end excluded). */
export function janelaCobre(janela: Janela, momento: MomentoLocal): boolean {
  const agora = minutos(momento.hora);
  const inicio = minutos(janela.horaInicio);
  const fim = minutos(janela.horaFim);
  if (fim > inicio) return janela.dias.includes(momento.dia) && agora >= inicio && agora < fim;
  // Past midnight: the evening part on the day itself, the small hours on the next day.
  return (janela.dias.includes(momento.dia) && agora >= inicio) || (janela.dias.includes(diaAnterior(momento.dia)) && agora < fim);
}

/** No window means always available; otherwise any window that covers the moment. */
export function disponivelEm(janelas: readonly Janela[], momento: MomentoLocal): boolean {
  return janelas.length === 0 || janelas.some((j) => janelaCobre(j, momento));
}

/** The weekday and time of an instant in a time zone ('America/Sao_Paulo'), as the store's clock shows. */
export function momentoLocal(instante: Date, fusoHorario: string): MomentoLocal {
  const partes = new Intl.DateTimeFormat('en-US', { timeZone: fusoHorario, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(instante);
  const parte = (tipo: string) => partes.find((p) => p.type === tipo)?.value ?? '';
  const indice = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parte('weekday'));
  return { dia: diasSemana[indice]!, hora: `${parte('hour')}:${parte('minute')}` };
}

/** Two windows that share a weekday and overlap in time (both as minute ranges of the week). */
export function janelasSobrepostas(a: Janela, b: Janela): boolean {
  const faixas = (j: Janela) =>
    j.dias.flatMap((dia) => {
      const base = diasSemana.indexOf(dia) * 1440;
      const inicio = base + minutos(j.horaInicio);
      const fim = base + minutos(j.horaFim) + (minutos(j.horaFim) > minutos(j.horaInicio) ? 0 : 1440);
      // The week wraps: Saturday night into Sunday morning.
      return fim > 7 * 1440 ? [[inicio, 7 * 1440], [0, fim - 7 * 1440]] : [[inicio, fim]];
    });
  return faixas(a).some(([i1, f1]) => faixas(b).some(([i2, f2]) => i1! < f2! && i2! < f1!));
}
