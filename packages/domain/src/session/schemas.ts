import { z } from 'zod';

export const senhaSchema = z
  .string({ error: 'Informe a senha.' })
  .min(8, 'A senha deve ter pelo menos 8 caracteres.')
  .max(200, 'A senha deve ter no máximo 200 caracteres.')
  .regex(/[A-Za-zÀ-ÿ]/, 'A senha deve ter pelo menos uma letra.')
  .regex(/[0-9]/, 'A senha deve ter pelo menos um número.');

/** Four to six digits: what the store terminal asks before a protected action. */
export const pinSchema = z.string().regex(/^\d{4,6}$/, 'O PIN deve ter de 4 a 6 dígitos.');

export const loginBody = z.object({
  login: z.string({ error: 'Informe o login.' }).trim().min(1, 'Informe o login.').max(200),
  senha: z.string({ error: 'Informe a senha.' }).min(1, 'Informe a senha.').max(200),
  /** When one login exists in several groups, the chosen group. */
  grupoEmpresarial: z.string().max(64).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const recuperarSenhaBody = z.object({
  email: z.string({ error: 'Informe o e-mail.' }).trim().min(1, 'Informe o e-mail.').email('E-mail inválido.').max(200),
});

export const alterarSenhaBody = z.object({
  chave: z.string({ error: 'Chave ausente.' }).min(10, 'Chave inválida.').max(200),
  senha: senhaSchema,
});

export const trocarSenhaBody = z.object({
  senhaAtual: z.string({ error: 'Informe a senha atual.' }).min(1, 'Informe a senha atual.').max(200),
  senha: senhaSchema,
});

export const trocarEmpresaBody = z.object({
  empresa: z.string({ error: 'Informe a empresa.' }).min(1, 'Informe a empresa.').max(64),
});
