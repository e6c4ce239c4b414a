import type { Campo, ResultadoRelatorioCriado } from '@retaguarda/domain';
import type { Registro } from '../../resources/exportar.ts';
import { recursoDeRelatorio } from '../relatorios/exportarRelatorio.ts';

/**
 * A user-built report's answer as a declaration the table and the exports (CSV, XLSX, PDF) read:
 * dimensions as text, money in centavos, counts as integers, quantities as exact decimals.
 */
export function comoRelatorio(nome: string, r: ResultadoRelatorioCriado) {
  const campos: Record<string, Campo> = Object.fromEntries(r.colunas.map((c) => [c.nome, { rotulo: c.rotulo, tipo: c.tipo === 'inteiro' ? 'inteiro' : c.tipo }]));
  const recurso = recursoDeRelatorio('relatorioCriado', nome, campos);
  // The PDF sets in bold the rows whose _id is 'total' or starts with 'subtotal:'.
  const linhas = r.linhas.map((l, i) => ({ ...l, _id: l._tipo === 'subtotal' ? `subtotal:${i}` : `l${i}` }) as Registro);
  const totais = { ...r.totais, _id: 'total' } as Registro;
  return { recurso, campos, linhas, totais, registros: [...linhas, totais] };
}
