import { z } from 'zod';
import { findScreen, screens } from '../navigation/screens.ts';
import { acoesDaTela, acoesTela, rotulosAcaoTela } from './permissoes.ts';

// The profile form's grid, validated with classic zod (a resource's schema); kept apart from permissoes.ts,
// which the signed-in shell loads with zod/mini only (issue 19).

const nomesDeTela = new Set(screens.map((s) => s.name));

/** The grid of a profile: screen name → allowed actions. Unknown screens or actions are refused. */
export const telasPermissoesSchema = z
  .record(z.string(), z.array(z.enum(acoesTela, { error: 'Ação desconhecida.' })))
  .superRefine((telas, ctx) => {
    for (const [tela, acoes] of Object.entries(telas)) {
      const screen = findScreen(tela);
      if (!nomesDeTela.has(tela) || !screen) {
        ctx.addIssue({ code: 'custom', message: `Tela desconhecida: ${tela}.` });
        continue;
      }
      const validas = acoesDaTela(screen);
      const fora = acoes.find((a) => !validas.includes(a));
      if (fora) ctx.addIssue({ code: 'custom', message: `A tela ${screen.label} não tem a ação ${rotulosAcaoTela[fora]}.` });
    }
  });
export type TelasPermissoes = z.infer<typeof telasPermissoesSchema>;
