import { z } from 'zod';
import { conferirModelo } from '../../integrations/modeloMensagem.ts';
import { defineRecurso } from '../define.ts';

/**
 * The one-time-password provider of the group (provedorOTP, the robot's settings): how the customers of
 * the QR and delivery pages get the code that signs them in. E-mail goes through the project's SMTP; the
 * WhatsApp goes through the group's robot (409 while it is not connected); SMS through the SMS gateway
 * (server integrations/otp/sms.ts) with the token set on the record's screen (409 while it is not).
 */
export const canaisOtp = ['E-mail', 'WhatsApp', 'SMS'] as const;
export type CanalOtp = (typeof canaisOtp)[number];
export const VARIAVEIS_OTP = ['codigo', 'minutos', 'empresa'] as const;

const inteiro = (rotulo: string, min: number, max: number, padrao: number) =>
  z.number({ error: `Informe ${rotulo}.` }).int(`Informe ${rotulo} com um número inteiro.`).min(min, `${rotulo[0]!.toUpperCase()}${rotulo.slice(1)}: no mínimo ${min}.`).max(max, `${rotulo[0]!.toUpperCase()}${rotulo.slice(1)}: no máximo ${max}.`).default(padrao);

export const provedorOTP = defineRecurso({
  nome: 'provedorOTP',
  rotulo: 'Provedor de OTP',
  rotuloPlural: 'Provedores de OTP',
  escopo: 'grupo',
  schema: () => z.object({
    descricao: z.string({ error: 'Informe a descrição.' }).trim().min(1, 'Informe a descrição.').max(60, 'No máximo 60 caracteres.'),
    canal: z.enum(canaisOtp, { error: 'Escolha o canal.' }).default('E-mail'),
    tamanhoCodigo: inteiro('o tamanho do código', 4, 8, 6),
    validadeMinutos: inteiro('a validade', 1, 30, 5),
    tentativas: inteiro('as tentativas', 1, 10, 5),
    limitePorHora: inteiro('o limite por hora', 1, 20, 5),
    remetenteSms: z.string().trim().max(11, 'Remetente do SMS: no máximo 11 caracteres.').nullable().default(null),
    modeloWhatsApp: z.string().trim().max(512, 'No máximo 512 caracteres.').regex(/^[a-z0-9_]*$/, 'Use o nome do modelo como a Meta o mostra (letras minúsculas, números e _).').default(''),
    idiomaModeloWhatsApp: z.string().trim().max(15, 'No máximo 15 caracteres.').default('pt_BR'),
    mensagem: z.string({ error: 'Informe a mensagem.' }).trim().min(1, 'Informe a mensagem.').max(300, 'No máximo 300 caracteres.').default('{empresa}: seu código de acesso é {codigo}. Ele vale por {minutos} minutos.'),
    ativo: z.boolean().default(true),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto' },
    canal: { rotulo: 'Canal', tipo: 'opcao', opcoes: canaisOtp, ajuda: 'Por onde o código chega: e-mail (o SMTP do sistema), WhatsApp (pelo robô conectado em Integrações → WhatsApp) ou SMS (pelo provedor de SMS, com o token definido abaixo).' },
    remetenteSms: { rotulo: 'Remetente do SMS', tipo: 'texto', ajuda: 'Como o SMS aparece para o cliente, se a operadora permitir (até 11 caracteres). Vazio: o nome da loja.', visivelSe: { canal: 'SMS' } },
    modeloWhatsApp: {
      rotulo: 'Modelo de autenticação',
      tipo: 'texto',
      ajuda: 'O nome de um modelo aprovado pela Meta na categoria Autenticação ({{1}} = o código). Com ele o código chega a qualquer cliente; sem ele, só a quem escreveu para a loja nas últimas 24 horas.',
      visivelSe: { canal: 'WhatsApp' },
    },
    idiomaModeloWhatsApp: { rotulo: 'Idioma do modelo', tipo: 'texto', ajuda: 'pt_BR, como a Meta o lista.', visivelSe: { canal: 'WhatsApp' } },
    tamanhoCodigo: { rotulo: 'Dígitos do código', tipo: 'inteiro', ajuda: 'De 4 a 8 dígitos.' },
    validadeMinutos: { rotulo: 'Validade (minutos)', tipo: 'inteiro', ajuda: 'Depois disso o código não vale mais.' },
    tentativas: { rotulo: 'Tentativas por código', tipo: 'inteiro', ajuda: 'Erros permitidos antes de o código deixar de valer.' },
    limitePorHora: { rotulo: 'Códigos por hora e destino', tipo: 'inteiro', ajuda: 'Quantos códigos um mesmo e-mail ou telefone pode pedir numa hora.' },
    mensagem: { rotulo: 'Mensagem', tipo: 'textoLongo', ajuda: 'Use {codigo} (obrigatório), {minutos} e {empresa}.' },
    ativo: { rotulo: 'Ativo', tipo: 'booleano' },
  },
  colunas: ['descricao', 'canal', 'validadeMinutos', 'limitePorHora', 'ativo'],
  busca: ['descricao'],
  filtros: ['canal', 'ativo'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  unicos: [['descricao']],
  regras: (d) => {
    const erro = conferirModelo(d.mensagem, VARIAVEIS_OTP, ['codigo']);
    return erro ? [{ campo: 'mensagem', mensagem: erro }] : [];
  },
});
