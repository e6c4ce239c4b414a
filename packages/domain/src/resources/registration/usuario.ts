import { z } from 'zod';
import { ehAdministrador } from '../../permissoes/permissoes.ts';
import { pinSchema, senhaSchema } from '../../session/schemas.ts';
import { atribuicoesSistema } from '../../session/sessao.ts';
import { defineRecurso } from '../define.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Users of the group (screen usuarios). The record lives in `registro`; the typed `usuario` table
 * that sign-in reads is a projection written by the server hook in the same transaction
 * (docs/decisions/0006). senha and pin are hashed by the hook and never stored here nor returned.
 */
export const usuario = defineRecurso({
  nome: 'usuario',
  tela: 'usuarios',
  rotulo: 'Usuário',
  rotuloPlural: 'Usuários',
  escopo: 'grupo',
  leituraRestrita: true,
  schema: () => z.object({
    nome: z.string().trim().min(1, 'Informe o nome.').max(100, 'No máximo 100 caracteres.'),
    login: z.string().trim().min(1, 'Informe o login.').max(200, 'No máximo 200 caracteres.').regex(/^\S+$/, 'O login não pode ter espaços.'),
    email: z.string().trim().max(200, 'No máximo 200 caracteres.').refine((v) => v === '' || EMAIL.test(v), 'E-mail inválido.').default(''),
    /** The person (pessoa) of this user: employees are users whose person is not in the trash. */
    pessoa: z.string().min(1).nullable().default(null),
    atribuicaoSistema: z.enum(atribuicoesSistema, { error: 'Escolha a atribuição no sistema.' }),
    acessoSistema: z.string().min(1).nullable().default(null),
    empresas: z.array(z.string().min(1)).default([]),
    empresaPadrao: z.string().min(1).nullable().default(null),
    administrador: z.boolean().default(false),
    ativo: z.boolean().default(true),
    senha: senhaSchema.optional(),
    pin: pinSchema.optional(),
  }),
  campos: {
    nome: { rotulo: 'Nome', tipo: 'texto' },
    login: { rotulo: 'Login', tipo: 'texto', ajuda: 'Único no grupo; pode ser o e-mail.' },
    email: { rotulo: 'E-mail', tipo: 'texto', ajuda: 'Para onde vai o link de redefinição de senha.' },
    pessoa: { rotulo: 'Pessoa', tipo: 'referencia', ajuda: 'O cadastro da pessoa deste usuário (funcionários e entregadores).' },
    atribuicaoSistema: { rotulo: 'Atribuição no sistema', tipo: 'opcao', opcoes: atribuicoesSistema },
    acessoSistema: { rotulo: 'Perfil de acesso', tipo: 'referencia' },
    empresas: { rotulo: 'Empresas permitidas', tipo: 'referencias' },
    empresaPadrao: { rotulo: 'Empresa padrão', tipo: 'referencia' },
    administrador: { rotulo: 'Administrador', tipo: 'booleano', ajuda: 'Vê e faz tudo, em todas as empresas do grupo.' },
    ativo: { rotulo: 'Ativo', tipo: 'booleano' },
    senha: { rotulo: 'Senha', tipo: 'senha', somenteNovo: true, ajuda: 'Pelo menos 8 caracteres, com letra e número.' },
    pin: { rotulo: 'PIN do PDV', tipo: 'pin', ajuda: 'De 4 a 6 dígitos. Em branco, o PIN atual continua.' },
  },
  colunas: ['nome', 'login', 'atribuicaoSistema', 'administrador', 'ativo'],
  busca: ['nome', 'login', 'email'],
  filtros: ['atribuicaoSistema', 'acessoSistema', 'ativo'],
  ordenacao: { campo: 'nome', direcao: 'asc' },
  // 'empresa' is a session record (typed table); the hook checks the ids until it joins the catalogue.
  relacoes: { acessoSistema: 'acessoSistema', empresas: 'empresa', empresaPadrao: 'empresa', pessoa: 'pessoa' },
  unicos: [['login']],
  regras: (u) => {
    const erros: { campo: 'acessoSistema' | 'empresas' | 'empresaPadrao'; mensagem: string }[] = [];
    if (ehAdministrador(u)) return erros;
    if (!u.acessoSistema) erros.push({ campo: 'acessoSistema', mensagem: 'Escolha o perfil de acesso (ou marque Administrador).' });
    if (u.empresas.length === 0) erros.push({ campo: 'empresas', mensagem: 'Escolha ao menos uma empresa.' });
    if (u.empresaPadrao && !u.empresas.includes(u.empresaPadrao)) {
      erros.push({ campo: 'empresaPadrao', mensagem: 'A empresa padrão deve estar entre as empresas permitidas.' });
    }
    return erros;
  },
});
