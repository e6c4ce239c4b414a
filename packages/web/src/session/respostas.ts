import { escolherGrupoData, sessaoData } from '@retaguarda/domain';
import { z } from 'zod';

/** The shapes of the session calls' answers (session/api.ts loads them with its first call). */
const mensagem = z.object({ message: z.string() });

export const respostas = {
  login: z.union([sessaoData, escolherGrupoData]),
  sessao: sessaoData,
  mensagem,
  trocarSenha: mensagem.partial().transform((m) => ({ message: m.message ?? '' })),
};
