import type { RecursoDef } from './define.ts';
import { agrupador } from './registration/agrupador.ts';
import { descontoMotivo } from './registration/descontoMotivo.ts';
import { impressora } from './registration/impressora.ts';
import { setorImpressao } from './registration/setorImpressao.ts';
import { unidadeMedida } from './registration/unidadeMedida.ts';

/** The resource catalogue: adding a plain entity is its declaration file plus one line here. */
export const recursos = {
  agrupador,
  descontoMotivo,
  impressora,
  setorImpressao,
  unidadeMedida,
} as const satisfies Record<string, RecursoDef<any>>;

export type NomeRecurso = keyof typeof recursos;

export function findRecurso(nome: string): RecursoDef | undefined {
  return Object.hasOwn(recursos, nome) ? (recursos[nome as NomeRecurso] as unknown as RecursoDef) : undefined;
}

/** The resource a screen lists, if the screen is a plain resource screen. */
export function recursoDaTela(tela: string): RecursoDef | undefined {
  return Object.values(recursos).find((r) => (r.tela ?? r.nome) === tela) as RecursoDef | undefined;
}
