import { z } from 'zod';
import { defineRecurso } from '../define.ts';
import { emailOpcional } from '../registration/documento.ts';
import { nomesEscoposApi } from './escoposApi.ts';

/**
 * A third party's API client (an accounting firm's robot, a BI tool, a delivery hub): what it may
 * read (scopes), for which companies, and how many calls a minute. Its keys (OAuth 2 client
 * credentials) are issued on the form and kept hashed (server integrations/appTerceirosRoutes.ts).
 */
export const appTerceirosCadastro = defineRecurso({
  nome: 'appTerceirosCadastro',
  rotulo: 'Aplicativo de terceiros',
  rotuloPlural: 'Aplicativos de terceiros',
  escopo: 'grupo',
  leituraRestrita: true,
  schema: () => z.object({
    nome: z.string({ error: 'Informe o nome.' }).trim().min(1, 'Informe o nome.').max(60, 'No máximo 60 caracteres.'),
    contato: z.string().trim().max(120, 'No máximo 120 caracteres.').default(''),
    email: emailOpcional.default(null),
    escopos: z.array(z.enum(nomesEscoposApi, { error: 'Escopo desconhecido.' })).min(1, 'Escolha ao menos um escopo.'),
    empresas: z.array(z.string().min(1)).min(1, 'Escolha ao menos uma empresa.'),
    limitePorMinuto: z.number({ error: 'Informe o limite de chamadas por minuto.' }).int('Número inteiro.').min(1, 'Ao menos 1.').max(6000, 'No máximo 6000.').default(60),
    ativo: z.boolean().default(true),
  }),
  campos: {
    nome: { rotulo: 'Nome', tipo: 'texto', ajuda: 'Quem usa a API: a contabilidade, o BI, o hub de delivery…' },
    contato: { rotulo: 'Contato', tipo: 'texto', ajuda: 'A pessoa a quem perguntar sobre esta integração.' },
    email: { rotulo: 'E-mail do contato', tipo: 'texto' },
    escopos: { rotulo: 'Escopos', tipo: 'opcoes', opcoes: nomesEscoposApi, ajuda: 'O que o aplicativo pode ler, e pedidos:escrever para enviar pedidos à cozinha. Uma chamada fora destes escopos é recusada.' },
    empresas: { rotulo: 'Empresas', tipo: 'referencias', ajuda: 'As lojas cujos dados ele pode ler (cabeçalho X-Empresa).' },
    limitePorMinuto: { rotulo: 'Chamadas por minuto', tipo: 'inteiro', ajuda: 'Acima disso a API responde 429 e diz quando tentar de novo.' },
    ativo: { rotulo: 'Ativo', tipo: 'booleano', ajuda: 'Desmarcado, nenhuma chave dele funciona.' },
  },
  colunas: ['nome', 'contato', 'escopos', 'limitePorMinuto', 'ativo'],
  busca: ['nome', 'contato'],
  filtros: ['ativo', 'escopos'],
  ordenacao: { campo: 'nome', direcao: 'asc' },
  relacoes: { empresas: 'empresa' },
  unicos: [['nome']],
});
