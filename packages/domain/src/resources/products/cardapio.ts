import { z } from 'zod';
import { defineRecurso } from '../define.ts';
import { canaisVenda } from '../registration/canais.ts';
import { camposJanela, janelaSchema, janelasSobrepostas } from './disponibilidade.ts';

/** Draft state of a menu against its last publication (kept by the server on every save). */
export const situacoesCardapio = ['Rascunho', 'Publicado', 'Alterado após publicar'] as const;
export type SituacaoCardapio = (typeof situacoesCardapio)[number];

export const secaoSchema = z.object({
  nome: z.string({ error: 'Informe o nome da seção.' }).trim().min(1, 'Informe o nome da seção.').max(60, 'No máximo 60 caracteres.'),
  descricao: z.string().trim().max(200, 'No máximo 200 caracteres.').default(''),
  /** produtoGeral ids in the order the customer sees them. */
  produtos: z.array(z.string().min(1)).max(300, 'No máximo 300 produtos por seção.').default([]),
});
export type SecaoCardapio = z.infer<typeof secaoSchema>;

/** The published snapshot: what the POS, kiosk and QR pages read until the next publication. */
export const publicacaoSchema = z.object({
  versao: z.number().int(),
  publicadoEm: z.string(),
  publicadoPor: z.string(),
  /** assinaturaCardapio of the draft that was published. */
  assinatura: z.string(),
  conteudo: z.record(z.string(), z.unknown()),
});
export type PublicacaoCardapio = z.infer<typeof publicacaoSchema>;

/**
 * A menu of one company for some sales channels: sections of products in order, when it is offered,
 * and its published version. Built on the criarCardapio page; prices come from produtoGeralEmpresa.
 */
export const cardapio = defineRecurso({
  nome: 'cardapio',
  rotulo: 'Cardápio',
  rotuloPlural: 'Cardápios',
  escopo: 'empresa',
  schema: () => z.object({
    descricao: z.string({ error: 'Informe a descrição.' }).trim().min(1, 'Informe a descrição.').max(80, 'No máximo 80 caracteres.'),
    canais: z.array(z.enum(canaisVenda, { error: 'Canal desconhecido.' })).min(1, 'Escolha ao menos um canal.').default([...canaisVenda]),
    secoes: z.array(secaoSchema).max(50, 'No máximo 50 seções.').default([]),
    disponibilidade: z.array(janelaSchema).max(28, 'No máximo 28 horários.').default([]),
    ativo: z.boolean().default(true),
    situacao: z.enum(situacoesCardapio).default('Rascunho'),
    publicado: publicacaoSchema.nullable().default(null),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto', ajuda: 'Cardápio do almoço, delivery, happy hour…' },
    canais: { rotulo: 'Canais', tipo: 'opcoes', opcoes: canaisVenda },
    secoes: {
      rotulo: 'Seções',
      tipo: 'lista',
      ajuda: 'Monte e ordene as seções e os produtos na tela Criar cardápio.',
      campos: {
        nome: { rotulo: 'Nome', tipo: 'texto' },
        descricao: { rotulo: 'Descrição', tipo: 'texto' },
        produtos: { rotulo: 'Produtos', tipo: 'referencias' },
      },
    },
    disponibilidade: { rotulo: 'Horários de disponibilidade', tipo: 'lista', ajuda: 'Vazio: disponível sempre.', campos: camposJanela },
    ativo: { rotulo: 'Ativo', tipo: 'booleano' },
    situacao: { rotulo: 'Situação', tipo: 'opcao', opcoes: situacoesCardapio, somenteLeitura: true },
    publicado: {
      rotulo: 'Publicação',
      tipo: 'objeto',
      somenteLeitura: true,
      campos: {
        versao: { rotulo: 'Versão publicada', tipo: 'inteiro' },
        publicadoEm: { rotulo: 'Publicado em', tipo: 'texto' },
        publicadoPor: { rotulo: 'Publicado por', tipo: 'texto' },
      },
    },
  },
  colunas: ['descricao', 'canais', 'secoes', 'situacao', 'ativo'],
  busca: ['descricao'],
  filtros: ['canais', 'situacao', 'ativo'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  relacoes: { 'secoes.produtos': 'produtoGeral' },
  unicos: [['descricao']],
  regras: (d) => {
    const erros: { campo: `secoes.${number}.nome` | `disponibilidade.${number}.horaFim`; mensagem: string }[] = [];
    const nomes = new Map<string, number>();
    for (const [i, s] of d.secoes.entries()) {
      const chave = s.nome.toLocaleLowerCase('pt-BR');
      if (nomes.has(chave)) erros.push({ campo: `secoes.${i}.nome`, mensagem: `A seção ${s.nome} aparece duas vezes.` });
      nomes.set(chave, i);
    }
    for (const [i, j] of d.disponibilidade.entries()) {
      if (j.horaInicio === j.horaFim) erros.push({ campo: `disponibilidade.${i}.horaFim`, mensagem: 'O fim deve ser diferente do início.' });
      else if (d.disponibilidade.slice(0, i).some((outra) => janelasSobrepostas(outra, j))) {
        erros.push({ campo: `disponibilidade.${i}.horaFim`, mensagem: 'Este horário se sobrepõe a outro do mesmo dia.' });
      }
    }
    return erros;
  },
});

/**
 * A short fingerprint of what a publication depends on in the draft (name, channels, sections and
 * products in order, hours): equal fingerprints mean nothing changed since publishing. FNV-1a, 32 bits.
 */
export function assinaturaCardapio(d: Pick<z.infer<typeof cardapio.schema>, 'descricao' | 'canais' | 'secoes' | 'disponibilidade'>): string {
  const texto = JSON.stringify([d.descricao, [...d.canais].sort(), d.secoes.map((s) => [s.nome, s.descricao, s.produtos]), d.disponibilidade.map((j) => [[...j.dias].sort(), j.horaInicio, j.horaFim])]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < texto.length; i++) {
    hash ^= texto.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** The state a saved draft is in against its last publication. */
export function situacaoCardapio(d: Parameters<typeof assinaturaCardapio>[0], publicado: Pick<PublicacaoCardapio, 'assinatura'> | null): SituacaoCardapio {
  if (!publicado) return 'Rascunho';
  return assinaturaCardapio(d) === publicado.assinatura ? 'Publicado' : 'Alterado após publicar';
}
