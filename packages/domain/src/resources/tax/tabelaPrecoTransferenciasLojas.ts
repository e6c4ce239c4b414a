import { z } from 'zod';
import { decimalExato } from '../../shared/decimalExato.ts';
import { defineRecurso } from '../define.ts';
import { textoObrigatorio } from '../registration/texto.ts';

const data = (rotulo: string) => z.iso.date({ error: `Informe ${rotulo} (AAAA-MM-DD).` });

/**
 * The prices one store of the group charges another when it sends goods (a central kitchen to its
 * shops): listed products at their price, the others at the sending store's cost plus a margin
 * (precos/transferencia.ts). Group-wide, since it is between the group's companies.
 */
export const tabelaPrecoTransferenciasLojas = defineRecurso({
  nome: 'tabelaPrecoTransferenciasLojas',
  rotulo: 'Tabela de preços de transferência',
  rotuloPlural: 'Preços de transferência entre lojas',
  feminino: true,
  escopo: 'grupo',
  schema: () => z.object({
    descricao: textoObrigatorio('Informe a descrição.', 80),
    empresaOrigem: z.string({ error: 'Escolha a loja que envia.' }).min(1, 'Escolha a loja que envia.'),
    empresasDestino: z.array(z.string().min(1)).default([]),
    validoDe: data('o início da validade'),
    validoAte: data('o fim da validade').nullable().default(null),
    margemSobreCusto: decimalExato({ casas: 2, min: '-100', max: '1000', rotulo: 'a margem sobre o custo' }).nullable().default(null),
    itens: z
      .array(
        z.object({
          produto: z.string({ error: 'Escolha o produto.' }).min(1, 'Escolha o produto.'),
          preco: z.number({ error: 'Informe o preço.' }).int('Informe o preço em centavos.').min(0, 'O preço não pode ser negativo.'),
        }),
      )
      .default([]),
    ativo: z.boolean().default(true),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto' },
    empresaOrigem: { rotulo: 'Loja que envia', tipo: 'referencia' },
    empresasDestino: { rotulo: 'Lojas que recebem', tipo: 'referencias', ajuda: 'Vazio: todas as outras lojas do grupo.' },
    validoDe: { rotulo: 'Válido de', tipo: 'data' },
    validoAte: { rotulo: 'Válido até', tipo: 'data', ajuda: 'Vazio: sem data de término.' },
    margemSobreCusto: { rotulo: 'Margem sobre o custo (%)', tipo: 'percentual', ajuda: 'Para os produtos fora da lista: custo da loja que envia mais esta margem. Vazio: só os produtos listados têm preço.' },
    itens: {
      rotulo: 'Preços por produto',
      tipo: 'lista',
      campos: { produto: { rotulo: 'Produto', tipo: 'referencia' }, preco: { rotulo: 'Preço de transferência', tipo: 'dinheiro' } },
    },
    ativo: { rotulo: 'Ativa', tipo: 'booleano' },
  },
  colunas: ['descricao', 'empresaOrigem', 'empresasDestino', 'validoDe', 'validoAte', 'margemSobreCusto', 'itens', 'ativo'],
  busca: ['descricao'],
  filtros: ['empresaOrigem', 'empresasDestino', 'validoDe', 'validoAte', 'ativo'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  relacoes: { empresaOrigem: 'empresa', empresasDestino: 'empresa', 'itens.produto': 'produtoGeral' },
  unicos: [['descricao']],
  regras: (d) => {
    const erros: { campo: 'validoAte' | 'empresasDestino' | 'itens' | `itens.${number}.produto`; mensagem: string }[] = [];
    if (d.validoAte !== null && d.validoAte < d.validoDe) erros.push({ campo: 'validoAte', mensagem: 'O fim da validade não pode ser antes do início.' });
    if (d.empresasDestino.includes(d.empresaOrigem)) erros.push({ campo: 'empresasDestino', mensagem: 'A loja que envia não pode estar entre as que recebem.' });
    if (d.margemSobreCusto === null && d.itens.length === 0) erros.push({ campo: 'itens', mensagem: 'Inclua produtos com preço ou informe a margem sobre o custo.' });
    const vistos = new Set<string>();
    d.itens.forEach((item, i) => {
      if (vistos.has(item.produto)) erros.push({ campo: `itens.${i}.produto`, mensagem: 'Este produto já está na tabela.' });
      vistos.add(item.produto);
    });
    return erros;
  },
});
