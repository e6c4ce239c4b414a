import { describe, expect, it } from 'vitest';
import { filtroTempoPreparoSchema, minutosSegundos } from './tempoPreparo.ts';

describe('relatorioKdsTempoPreparo', () => {
  it('reads minutes and seconds as the kitchen says them', () => {
    expect([0, 59, 60, 754, 3_600].map(minutosSegundos)).toEqual(['0:00', '0:59', '1:00', '12:34', '60:00']);
  });
  it('refuses a period backwards or longer than three months, naming the end', () => {
    expect(filtroTempoPreparoSchema.safeParse({ de: '2026-11-02', ate: '2026-11-01' }).error?.issues[0]).toMatchObject({ path: ['ate'], message: 'O fim do período é anterior ao início.' });
    expect(filtroTempoPreparoSchema.safeParse({ de: '2026-01-01', ate: '2026-06-01' }).error?.issues[0]).toMatchObject({ path: ['ate'], message: 'Escolha um período de até 93 dias.' });
    expect(filtroTempoPreparoSchema.parse({ de: '2026-11-01', ate: '2026-11-28', estacao: '' })).toEqual({ de: '2026-11-01', ate: '2026-11-28' });
  });
});
