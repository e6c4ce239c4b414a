import type { CanalVenda } from '../resources/registration/canais.ts';
import type { DiaSemana } from '../resources/products/disponibilidade.ts';
import { diasSemana } from '../resources/registration/empresa.ts';

/** Weekdays as the screens name them, Sunday first (Date#getUTCDay order). */
export { diasSemana };

/** When and where a sale happens, in the store's local time. */
export interface Momento {
  /** 'aaaa-mm-dd' */
  data: string;
  /** 'HH:MM' */
  hora: string;
  canal: CanalVenda;
}

/**
 * When a promotion or a price table applies: a validity (dates included; no end = open), weekdays,
 * a daily time window (none = the whole day) and the sale channels.
 */
export interface JanelaVenda {
  validoDe: string;
  validoAte: string | null;
  diasSemana: readonly DiaSemana[];
  horaInicio: string | null;
  horaFim: string | null;
  canais: readonly CanalVenda[];
}

/** The weekday of an 'aaaa-mm-dd' date (no time zone involved). */
export function diaSemanaDe(data: string): DiaSemana {
  const [a, m, d] = data.split('-').map(Number);
  return diasSemana[new Date(Date.UTC(a!, m! - 1, d!)).getUTCDay()]!;
}

/** The day before an 'aaaa-mm-dd' date. */
export function diaAnterior(data: string): string {
  const [a, m, d] = data.split('-').map(Number);
  return new Date(Date.UTC(a!, m! - 1, d! - 1)).toISOString().slice(0, 10);
}

/**
 * The day whose window the moment falls in, or null when outside the hours. A window that passes
 * midnight (22:00–02:00) belongs to the day it starts: Saturday 01:00 is Friday's night, so it
 * follows Friday's weekday and validity.
 */
export function diaDaJanela(janela: Pick<JanelaVenda, 'horaInicio' | 'horaFim'>, momento: Pick<Momento, 'data' | 'hora'>): string | null {
  const { horaInicio: inicio, horaFim: fim } = janela;
  if (!inicio || !fim) return momento.data;
  if (inicio < fim) return momento.hora >= inicio && momento.hora < fim ? momento.data : null;
  if (momento.hora >= inicio) return momento.data;
  if (momento.hora < fim) return diaAnterior(momento.data);
  return null;
}

/** Whether the window covers the moment: channel, hours, weekday and validity of the window's day. */
export function janelaAplica(janela: JanelaVenda, momento: Momento): boolean {
  if (!janela.canais.includes(momento.canal)) return false;
  const dia = diaDaJanela(janela, momento);
  if (dia === null) return false;
  if (dia < janela.validoDe || (janela.validoAte !== null && dia > janela.validoAte)) return false;
  return janela.diasSemana.includes(diaSemanaDe(dia));
}

/** An instant as the date and time of a time zone ('America/Sao_Paulo'): what the store's clock shows. */
export function momentoNoFuso(instante: Date, fusoHorario: string, canal: CanalVenda): Momento {
  const partes = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: fusoHorario, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(instante)
      .map((p) => [p.type, p.value]),
  );
  return { data: `${partes.year}-${partes.month}-${partes.day}`, hora: `${partes.hour}:${partes.minute}`, canal };
}
