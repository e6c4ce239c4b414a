import { describe, expect, it } from 'vitest';
import { disponivelEm, janelasSobrepostas, momentoLocal, type Janela } from './disponibilidade.ts';

const almocoDiasUteis: Janela = { dias: ['Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta'], horaInicio: '11:00', horaFim: '15:00' };
const baladaSexta: Janela = { dias: ['Sexta'], horaInicio: '22:00', horaFim: '03:00' };

describe('menu availability', () => {
  it('is always available without windows', () => {
    expect(disponivelEm([], { dia: 'Domingo', hora: '04:00' })).toBe(true);
  });

  it('covers the start minute and not the end minute of a window, only on its weekdays', () => {
    expect(disponivelEm([almocoDiasUteis], { dia: 'Segunda', hora: '11:00' })).toBe(true);
    expect(disponivelEm([almocoDiasUteis], { dia: 'Segunda', hora: '14:59' })).toBe(true);
    expect(disponivelEm([almocoDiasUteis], { dia: 'Segunda', hora: '15:00' })).toBe(false);
    expect(disponivelEm([almocoDiasUteis], { dia: 'Segunda', hora: '10:59' })).toBe(false);
    expect(disponivelEm([almocoDiasUteis], { dia: 'Sábado', hora: '12:00' })).toBe(false);
  });

  it('runs a window past midnight into the next day, which is not on its list', () => {
    expect(disponivelEm([baladaSexta], { dia: 'Sexta', hora: '23:30' })).toBe(true);
    expect(disponivelEm([baladaSexta], { dia: 'Sábado', hora: '02:59' })).toBe(true);
    expect(disponivelEm([baladaSexta], { dia: 'Sábado', hora: '03:00' })).toBe(false);
    expect(disponivelEm([baladaSexta], { dia: 'Sexta', hora: '02:00' })).toBe(false);
    expect(disponivelEm([{ dias: ['Sábado'], horaInicio: '23:00', horaFim: '01:00' }], { dia: 'Domingo', hora: '00:30' })).toBe(true);
  });

  it('reads the weekday and time of an instant in the group’s time zone', () => {
    // 2026-11-23T02:30Z is Sunday 23:30 in São Paulo (UTC−3) and Sunday 22:30 in Manaus (UTC−4).
    expect(momentoLocal(new Date('2026-11-23T02:30:00Z'), 'America/Sao_Paulo')).toEqual({ dia: 'Domingo', hora: '23:30' });
    expect(momentoLocal(new Date('2026-11-23T02:30:00Z'), 'America/Manaus')).toEqual({ dia: 'Domingo', hora: '22:30' });
    expect(momentoLocal(new Date('2026-11-23T15:00:00Z'), 'America/Sao_Paulo')).toEqual({ dia: 'Segunda', hora: '12:00' });
  });

  it('finds windows that overlap on a shared weekday, also across midnight and the week’s end', () => {
    expect(janelasSobrepostas(almocoDiasUteis, { dias: ['Sexta'], horaInicio: '14:00', horaFim: '18:00' })).toBe(true);
    expect(janelasSobrepostas(almocoDiasUteis, { dias: ['Sexta'], horaInicio: '15:00', horaFim: '18:00' })).toBe(false);
    expect(janelasSobrepostas(almocoDiasUteis, { dias: ['Sábado'], horaInicio: '12:00', horaFim: '13:00' })).toBe(false);
    expect(janelasSobrepostas(baladaSexta, { dias: ['Sábado'], horaInicio: '01:00', horaFim: '05:00' })).toBe(true);
    expect(janelasSobrepostas({ dias: ['Sábado'], horaInicio: '23:00', horaFim: '02:00' }, { dias: ['Domingo'], horaInicio: '00:00', horaFim: '01:00' })).toBe(true);
  });
});
