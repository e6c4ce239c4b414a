import { escolherGrupoData, sessaoData } from '@retaguarda/domain';
import * as z from 'zod/mini';

/** The shapes of the session calls' answers (session/api.ts loads them with its first call); zod/mini as the session's own schemas. */
const mensagem = z.object({ message: z.string() });

export const respostas = {
  login: z.union([sessaoData, escolherGrupoData]),
  sessao: sessaoData,
  mensagem,
  trocarSenha: z.pipe(
    z.partial(mensagem),
    z.transform((m) => ({ message: m.message ?? '' })),
  ),
};
