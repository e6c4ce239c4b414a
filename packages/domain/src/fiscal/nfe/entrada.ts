import { z } from 'zod';
import { decimalExato } from '../../shared/decimal.ts';

/** Bodies of the supplier NF-e entry API (issue 15), shared by the server's validation and the screen. */
export const importarNotasSchema = z.object({
  arquivos: z
    .array(
      z.object({
        nome: z.string({ error: 'Informe o nome do arquivo.' }).trim().min(1, 'Informe o nome do arquivo.').max(200, 'Nome de arquivo com no máximo 200 caracteres.'),
        /** The file's bytes (an XML or a zip of XMLs) in base64. */
        conteudo: z.string({ error: 'Envie o conteúdo do arquivo em base64.' }).min(1, 'Envie o conteúdo do arquivo em base64.'),
      }),
      { error: 'Envie a lista de arquivos.' },
    )
    .min(1, 'Envie ao menos um arquivo.')
    .max(200, 'Envie no máximo 200 arquivos de uma vez.'),
});

export const lancarEntradaSchema = z.object({
  local: z.string({ error: 'Escolha o local de estoque.' }).min(1, 'Escolha o local de estoque.'),
  planoConta: z.string().min(1).optional(),
  creditarImpostos: z.boolean({ error: 'Crédito de impostos: sim ou não.' }).optional(),
});

export const corresponderItemSchema = z.object({
  produto: z.string({ error: 'Escolha o produto.' }).min(1, 'Escolha o produto.'),
  fator: decimalExato({ casas: 6, acimaDe: '0', max: '1000000', rotulo: 'o fator' }).nullish(),
});

export const estornoEntradaSchema = z.object({
  motivo: z.string({ error: 'Informe o motivo do estorno.' }).trim().min(3, 'Informe o motivo do estorno.').max(300, 'No máximo 300 caracteres.'),
});

export const filtroEntradasSchema = z.object({
  situacao: z.enum(['pendente', 'lancada', 'estornada', 'cancelada'], { error: 'Situação desconhecida.' }).optional(),
  busca: z.string().max(100, 'Busca com no máximo 100 caracteres.').optional(),
  limite: z.number().int().min(1).max(1000).optional(),
});

export const rotulosCampoEntrada: Record<string, string> = {
  arquivos: 'Arquivos',
  local: 'Local de estoque',
  planoConta: 'Plano de contas',
  creditarImpostos: 'Crédito de impostos',
  produto: 'Produto',
  fator: 'Fator',
  motivo: 'Motivo',
  situacao: 'Situação',
  busca: 'Busca',
  limite: 'Limite',
};

/** Largest request: 200 files of up to 1 MB in base64. */
export const TAMANHO_MAXIMO_IMPORTACAO = 30 * 1024 * 1024;
