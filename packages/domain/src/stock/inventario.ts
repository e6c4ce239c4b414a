import { z } from 'zod';
import { escolhido } from './campos.ts';
import { decimalExato } from '../shared/decimalExato.ts';
import { CASAS_ESTOQUE } from './custoMedio.ts';


/** A count: which locations (and, optionally, only which products) to freeze now. */
export const novoInventarioSchema = z.object({
  descricao: z.string({ error: 'Informe a descrição.' }).trim().min(1, 'Informe a descrição.').max(80, 'No máximo 80 caracteres.'),
  locais: z.array(escolhido('o local'), { error: 'Escolha os locais a contar.' }).min(1, 'Escolha ao menos um local.').max(50),
  produtos: z.array(escolhido('o produto')).max(20_000).optional(),
  observacao: z.string().trim().max(500, 'No máximo 500 caracteres.').nullish(),
});
export type NovoInventario = z.infer<typeof novoInventarioSchema>;

/** Counted lines (several people may send theirs at once; a line sent again replaces its count). */
export const contagemSchema = z.object({
  itens: z
    .array(
      z.object({
        local: escolhido('o local'),
        produto: escolhido('o produto'),
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

/**
 * A product found on the shelf that the count did not freeze, added to one of its locations: chosen from
 * the search (produto) or by its code or barcode (codigo), optionally with its count. The line starts at
 * the balance the ledger had there at the freeze (0 for a product that had none).
 */
export const inclusaoInventarioSchema = z
  .object({
    local: escolhido('o local'),
    produto: z.string().trim().min(1, 'Escolha o produto.').max(64).optional(),
    codigo: z.string().trim().min(1, 'Informe o código ou o código de barras.').max(60, 'No máximo 60 caracteres.').optional(),
    contado: decimalExato({ casas: CASAS_ESTOQUE, min: '0', max: '99999999', rotulo: 'a quantidade contada' }).nullish(),
  })
  .superRefine((v, ctx) => {
    if (!v.produto && !v.codigo) ctx.addIssue({ code: 'custom', path: ['produto'], message: 'Escolha o produto ou informe o código.' });
  });
export type InclusaoInventario = z.infer<typeof inclusaoInventarioSchema>;

/** Labels of its fields, for the 400 that names them. */
export const rotulosInclusaoInventario: Record<string, string> = { local: 'Local', produto: 'Produto', codigo: 'Código', contado: 'Quantidade contada' };

/**
 * What values a line's difference: the company's average cost ('medio'); for a line added after the
 * freeze when the product has no average in the company (never costed there), the last cost an entry or
 * production brought in anywhere in the group ('ultimo'), else the cost registered for the company
 * ('cadastro'), else none ('semCusto', a gain enters at zero).
 */
export const origensCustoInventario = ['medio', 'ultimo', 'cadastro', 'semCusto'] as const;
export type OrigemCustoInventario = (typeof origensCustoInventario)[number];
