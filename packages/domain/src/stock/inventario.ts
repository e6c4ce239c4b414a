import { z } from 'zod';
import { decimalExato } from '../shared/decimal.ts';
import { CASAS_ESTOQUE } from './custoMedio.ts';

const id = (rotulo: string) => z.string({ error: `Escolha ${rotulo}.` }).trim().min(1, `Escolha ${rotulo}.`);

/** A count: which locations (and, optionally, only which products) to freeze now. */
export const novoInventarioSchema = z.object({
  descricao: z.string({ error: 'Informe a descrição.' }).trim().min(1, 'Informe a descrição.').max(80, 'No máximo 80 caracteres.'),
  locais: z.array(id('o local'), { error: 'Escolha os locais a contar.' }).min(1, 'Escolha ao menos um local.').max(50),
  produtos: z.array(id('o produto')).max(20_000).optional(),
  observacao: z.string().trim().max(500, 'No máximo 500 caracteres.').nullish(),
});
export type NovoInventario = z.infer<typeof novoInventarioSchema>;

/** Counted lines (several people may send theirs at once; a line sent again replaces its count). */
export const contagemSchema = z.object({
  itens: z
    .array(
      z.object({
        local: id('o local'),
        produto: id('o produto'),
        /** null clears a count typed by mistake. */
        contado: decimalExato({ casas: CASAS_ESTOQUE, min: '0', max: '99999999', rotulo: 'a quantidade contada' }).nullable(),
      }),
      { error: 'Informe as contagens.' },
    )
    .min(1, 'Informe ao menos uma contagem.')
    .max(5000, 'No máximo 5.000 linhas por envio.'),
});
export type Contagem = z.infer<typeof contagemSchema>;

export const statusInventario = ['aberto', 'aprovado', 'cancelado'] as const;
export type StatusInventario = (typeof statusInventario)[number];
