import { z } from 'zod';
import { modosVenda } from './produtoGeralEmpresa.ts';

/**
 * The "Preço nas lojas" section a product's create or update may carry (issue 13): one price and
 * sale modes for every store the user may use ('todas') or the chosen ones, and each store's own tax
 * configurations (those records are per company). The server writes the product and its company
 * products (produtoGeralEmpresa) in one transaction.
 */
export const impostosDaLojaSchema = z.object({
  configuracaoImposto: z.string().min(1, 'Escolha a configuração de imposto estadual.').nullable().optional(),
  impostoFederal: z.string().min(1, 'Escolha a configuração de PIS/COFINS.').nullable().optional(),
});

export const precoLojasSchema = z.object({
  empresas: z.union([z.literal('todas'), z.array(z.string().min(1, 'Escolha a loja.'), { error: 'Escolha as lojas.' }).min(1, 'Escolha ao menos uma loja.')], {
    error: "Escolha as lojas: 'todas' ou a lista de lojas.",
  }),
  preco: z.number({ error: 'Informe o preço nas lojas.' }).int('Informe o preço em centavos.').min(0, 'O preço não pode ser negativo.'),
  modosVenda: z.array(z.enum(modosVenda, { error: 'Modo de venda desconhecido (Salão, Balcão, Delivery ou Totem).' })).default([...modosVenda]),
  /** Store id → its tax configurations; a store left out keeps what it has (or none, when new). */
  impostos: z.record(z.string(), impostosDaLojaSchema).default({}),
});
export type PrecoLojas = z.infer<typeof precoLojasSchema>;

/** Labels of the section's fields, for refusals ('Preço nas lojas: O preço não pode ser negativo.'). */
export const rotulosPrecoLojas: Record<string, string> = {
  empresas: 'Lojas',
  preco: 'Preço nas lojas',
  modosVenda: 'Modos de venda nas lojas',
  impostos: 'Impostos nas lojas',
};

/** One store as the product form shows it: its tax choices and, when it sells the product, how. */
export interface LojaDoProduto {
  _id: string;
  nome: string;
  impostosEstaduais: { _id: string; descricao: string }[];
  impostosFederais: { _id: string; descricao: string }[];
  produtoEmpresa: { _id: string; preco: number; modosVenda: string[]; configuracaoImposto: string | null; impostoFederal: string | null; ativo: boolean } | null;
}
