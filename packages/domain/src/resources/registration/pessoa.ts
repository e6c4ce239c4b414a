import { z } from 'zod';
import { hojeNoFuso } from '../../shared/datas.ts';
import { isValidCnpj, normalizeCnpj } from '../../documents/cnpj.ts';
import { isValidCpf } from '../../documents/cpf.ts';
import { telefoneValido } from '../../listas/ddd.ts';
import { lista } from '../../listas/listas.ts';
import { ufs } from '../../listas/ufs.ts';
import { defineRecurso, type Campo } from '../define.ts';
import { siglasUf } from './endereco.ts';

/** The values of a fixed list (GET /api/lista/{n}) as a zod enum tuple. */
const valoresDaLista = (n: number) => lista(n)!.map((i) => i._id) as [string, ...string[]];

export const tiposPessoa = ['Física', 'Jurídica'] as const;
export type TipoPessoa = (typeof tiposPessoa)[number];
export const sexos = valoresDaLista(5);
export const tiposEndereco = valoresDaLista(2);
export const tiposTelefone = valoresDaLista(3);
export const tiposEnderecoEletronico = valoresDaLista(4);

const textoOpcional = (max: number) => z.string().trim().max(max, `No máximo ${max} caracteres.`).nullable().default(null);

const endereco = z.object({
  tipo: z.enum(tiposEndereco, { error: 'Escolha o tipo de endereço.' }).default('Residencial'),
  // Stored as its 8 digits; the form shows the mask.
  cep: z
    .string()
    .overwrite((v) => v.replace(/\D/g, ''))
    .regex(/^(\d{8})?$/, 'O CEP tem 8 dígitos.')
    .nullable()
    .default(null),
  logradouro: z.string({ error: 'Informe o logradouro.' }).trim().min(1, 'Informe o logradouro.').max(100, 'No máximo 100 caracteres.'),
  numero: z.string().trim().min(1, 'Informe o número (ou S/N).').max(10, 'No máximo 10 caracteres.').default('S/N'),
  complemento: textoOpcional(60),
  bairro: z.string({ error: 'Informe o bairro.' }).trim().min(1, 'Informe o bairro.').max(60, 'No máximo 60 caracteres.'),
  uf: z.enum(siglasUf, { error: 'Escolha a UF.' }),
  cidade: z.string({ error: 'Escolha a cidade.' }).trim().min(1, 'Escolha a cidade.'),
  /** IBGE code of the city (NF-e cMun): its first two digits are the UF's code. */
  codigoMunicipio: z.string({ error: 'Escolha a cidade da lista.' }).regex(/^\d{7}$/, 'Escolha a cidade da lista.'),
  referencia: textoOpcional(100),
});

const telefone = z.object({
  tipo: z.enum(tiposTelefone, { error: 'Escolha o tipo de telefone.' }).default('Celular'),
  numero: z
    .string({ error: 'Informe o telefone com DDD.' })
    .overwrite((v) => v.replace(/\D/g, ''))
    .refine(telefoneValido, 'Informe DDD e número: 10 dígitos, ou 11 para celular (9 depois do DDD).'),
});

/**
 * The number to message a pessoa on (robot, campaigns): a Celular first, else the first one listed.
 * Reads the stored JSON loosely, as it comes from a jsonb column.
 */
export function telefoneParaMensagem(telefones: unknown): string | null {
  const lista = Array.isArray(telefones) ? (telefones as { tipo?: unknown; numero?: unknown }[]) : [];
  const escolhido = lista.find((t) => t?.tipo === 'Celular') ?? lista[0];
  return typeof escolhido?.numero === 'string' && escolhido.numero ? escolhido.numero : null;
}

const enderecoEletronico = z.object({
  tipo: z.enum(tiposEnderecoEletronico, { error: 'Escolha o tipo.' }).default('E-mail'),
  endereco: z.string({ error: 'Informe o endereço.' }).trim().min(1, 'Informe o endereço.').max(200, 'No máximo 200 caracteres.'),
});

const camposEndereco: Record<keyof typeof endereco.shape, Campo> = {
  tipo: { rotulo: 'Tipo', tipo: 'opcao', opcoes: tiposEndereco },
  cep: { rotulo: 'CEP', tipo: 'cep' },
  logradouro: { rotulo: 'Logradouro', tipo: 'texto' },
  numero: { rotulo: 'Número', tipo: 'texto' },
  complemento: { rotulo: 'Complemento', tipo: 'texto' },
  bairro: { rotulo: 'Bairro', tipo: 'texto' },
  uf: { rotulo: 'UF', tipo: 'uf' },
  cidade: { rotulo: 'Cidade', tipo: 'municipio', uf: 'uf', codigo: 'codigoMunicipio' },
  // Written by the city picker beside it (the form shows it read-only, and sends it).
  codigoMunicipio: { rotulo: 'Código IBGE', tipo: 'texto' },
  referencia: { rotulo: 'Referência', tipo: 'texto' },
};

/** 'AAAA-MM-DD' of today, for "not in the future". */
const hoje = () => hojeNoFuso();

/**
 * People: customers, suppliers, employees and delivery people in one registry (PRODUCT.md). The CPF
 * or CNPJ is stored without mask (CNPJ uppercase, letters allowed) and is unique in the group.
 */
export const pessoa = defineRecurso({
  nome: 'pessoa',
  rotulo: 'Pessoa',
  rotuloPlural: 'Pessoas',
  feminino: true,
  escopo: 'grupo',
  schema: () => z.object({
    tipo: z.enum(tiposPessoa, { error: 'Escolha pessoa física ou jurídica.' }).default('Física'),
    nome: z.string({ error: 'Informe o nome.' }).trim().min(1, 'Informe o nome.').max(120, 'No máximo 120 caracteres.'),
    nomeFantasia: textoOpcional(120),
    // Mask stripped and uppercased for both kinds; which check applies depends on tipo (regras).
    cpfCnpj: z.string().overwrite(normalizeCnpj).nullable().default(null),
    rgIe: z
      .string()
      .trim()
      .overwrite((v) => v.toUpperCase())
      .max(20, 'No máximo 20 caracteres.')
      .regex(/^[0-9A-Z.\-/ ]*$/, 'Use números, letras e pontuação, ou ISENTO.')
      .nullable()
      .default(null),
    dataNascimento: z.iso.date({ error: 'Data inválida (AAAA-MM-DD).' }).nullable().default(null),
    sexo: z.enum(sexos, { error: 'Escolha um sexo da lista.' }).nullable().default(null),
    cliente: z.boolean().default(true),
    fornecedor: z.boolean().default(false),
    funcionario: z.boolean().default(false),
    limiteCredito: z.number({ error: 'Informe o limite em centavos.' }).int('Informe o limite em centavos.').min(0, 'O limite não pode ser negativo.').default(0),
    enderecos: z.array(endereco).default([]),
    telefones: z.array(telefone).default([]),
    enderecosEletronicos: z.array(enderecoEletronico).default([]),
    observacao: z.string().trim().max(2000, 'No máximo 2000 caracteres.').nullable().default(null),
    /** The group's default customer (SPEC.md §3); set only by the system. */
    clientePadrao: z.boolean().default(false),
  }),
  campos: {
    tipo: { rotulo: 'Tipo de pessoa', tipo: 'opcao', opcoes: tiposPessoa },
    nome: { rotulo: 'Nome / razão social', tipo: 'texto' },
    nomeFantasia: { rotulo: 'Nome fantasia', tipo: 'texto' },
    cpfCnpj: { rotulo: 'CPF / CNPJ', tipo: 'cpfCnpj' },
    rgIe: { rotulo: 'RG / inscrição estadual', tipo: 'texto', ajuda: 'Para a inscrição estadual, ISENTO quando não houver.' },
    dataNascimento: { rotulo: 'Data de nascimento', tipo: 'data', visivelSe: { tipo: 'Física' } },
    sexo: { rotulo: 'Sexo', tipo: 'opcao', opcoes: sexos, visivelSe: { tipo: 'Física' } },
    cliente: { rotulo: 'Cliente', tipo: 'booleano' },
    fornecedor: { rotulo: 'Fornecedor', tipo: 'booleano' },
    funcionario: { rotulo: 'Funcionário', tipo: 'booleano' },
    limiteCredito: { rotulo: 'Limite de crédito', tipo: 'dinheiro' },
    enderecos: { rotulo: 'Endereços', tipo: 'lista', campos: camposEndereco },
    telefones: {
      rotulo: 'Telefones',
      tipo: 'lista',
      campos: { tipo: { rotulo: 'Tipo', tipo: 'opcao', opcoes: tiposTelefone }, numero: { rotulo: 'Número', tipo: 'telefone' } },
    },
    enderecosEletronicos: {
      rotulo: 'E-mails e sites',
      tipo: 'lista',
      campos: { tipo: { rotulo: 'Tipo', tipo: 'opcao', opcoes: tiposEnderecoEletronico }, endereco: { rotulo: 'Endereço', tipo: 'texto' } },
    },
    observacao: { rotulo: 'Observação', tipo: 'textoLongo' },
    clientePadrao: { rotulo: 'Cliente padrão', tipo: 'booleano', somenteLeitura: true, ajuda: 'O consumidor das vendas sem cliente identificado; definido pelo sistema.' },
  },
  // The document's format already tells the person type, so the list leaves tipo to the filter.
  colunas: ['nome', 'nomeFantasia', 'cpfCnpj', 'cliente', 'fornecedor', 'funcionario'],
  busca: ['nome', 'nomeFantasia', 'cpfCnpj'],
  filtros: ['tipo', 'cliente', 'fornecedor', 'funcionario'],
  ordenacao: { campo: 'nome', direcao: 'asc' },
  unicos: [['cpfCnpj']],
  regras: (d) => {
    const erros: { campo: `enderecos.${number}.cidade` | 'cpfCnpj' | 'dataNascimento' | 'sexo' | `enderecosEletronicos.${number}.endereco`; mensagem: string }[] = [];
    if (d.tipo === 'Física' && d.cpfCnpj && !isValidCpf(d.cpfCnpj)) erros.push({ campo: 'cpfCnpj', mensagem: 'CPF inválido.' });
    if (d.tipo === 'Jurídica' && !d.cpfCnpj) erros.push({ campo: 'cpfCnpj', mensagem: 'Informe o CNPJ.' });
    if (d.tipo === 'Jurídica' && d.cpfCnpj && !isValidCnpj(d.cpfCnpj)) erros.push({ campo: 'cpfCnpj', mensagem: 'CNPJ inválido.' });
    if (d.dataNascimento && (d.dataNascimento < '1900-01-01' || d.dataNascimento > hoje())) {
      erros.push({ campo: 'dataNascimento', mensagem: 'A data deve estar entre 1900-01-01 e hoje.' });
    }
    d.enderecos.forEach((e, i) => {
      const uf = ufs.find((u) => u.sigla === e.uf);
      if (uf && e.codigoMunicipio.slice(0, 2) !== String(uf.codigo)) erros.push({ campo: `enderecos.${i}.cidade`, mensagem: `${e.cidade} não é de ${e.uf}.` });
    });
    d.enderecosEletronicos.forEach((e, i) => {
      if (e.tipo.startsWith('E-mail') && !z.email().safeParse(e.endereco).success) erros.push({ campo: `enderecosEletronicos.${i}.endereco`, mensagem: 'E-mail inválido.' });
    });
    return erros;
  },
});

/**
 * The default customer of SPEC.md §3, in every group under the same fixed id: sales without an
 * identified customer point to it. Created with the group (the trigger of migration pessoa_para_registro; the seed relies
 * on it), never trashed, and the only record with clientePadrao.
 */
export const ID_CLIENTE_PADRAO = '00000000-0000-7000-8000-000000000001';
export const dadosClientePadrao = {
  tipo: 'Física',
  nome: 'Consumidor',
  sexo: 'Masculino',
  dataNascimento: '1900-01-01',
  cliente: true,
  clientePadrao: true,
} as const;
