import { z } from 'zod';
import type { Campo } from '../define.ts';

/** The sounds a board may play when an order arrives. */
export const sonsKds = ['Nenhum', 'Campainha', 'Bipe', 'Sino'] as const;

/** Minutes after arrival when an order's timer turns yellow (alerta) and red (atraso). */
export const minutosKds = (rotulo: string, padrao: number) =>
  z
    .number({ error: `Informe ${rotulo}.` })
    .int(`Informe ${rotulo} em minutos inteiros.`)
    .min(1, `${rotulo[0]!.toUpperCase()}${rotulo.slice(1)}: pelo menos 1 minuto.`)
    .max(240, `${rotulo[0]!.toUpperCase()}${rotulo.slice(1)}: no máximo 240 minutos.`)
    .default(padrao);

export const camposTempoKds = {
  minutosAlerta: { rotulo: 'Alerta (minutos)', tipo: 'inteiro', ajuda: 'Depois deste tempo o pedido fica amarelo.' },
  minutosAtraso: { rotulo: 'Atraso (minutos)', tipo: 'inteiro', ajuda: 'Depois deste tempo o pedido fica vermelho.' },
  som: { rotulo: 'Som ao chegar pedido', tipo: 'opcao', opcoes: sonsKds },
} as const satisfies Record<string, Campo>;

/** The late mark must come after the warning. */
export function regraTemposKds(d: { minutosAlerta: number; minutosAtraso: number }) {
  return d.minutosAtraso <= d.minutosAlerta ? [{ campo: 'minutosAtraso' as const, mensagem: 'O atraso deve vir depois do alerta.' }] : [];
}
