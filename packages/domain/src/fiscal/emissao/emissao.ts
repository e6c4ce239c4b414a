import { z } from 'zod';
import { erroDeFormaDaChave, normalizarChaveAcesso } from '../../documents/chaveAcesso.ts';
import { decimalExato } from '../../shared/decimalExato.ts';

/**
 * emissaoNotaFiscal (issue 15): the NF-e model 55 a company issues. What the form sends, the states a
 * note goes through and the labels the screen and the 400s use.
 */
export const tiposNotaEmitida = ['transferencia', 'devolucao', 'venda'] as const;
export type TipoNotaEmitida = (typeof tiposNotaEmitida)[number];
export const rotulosTipoNotaEmitida: Record<TipoNotaEmitida, string> = {
  transferencia: 'Transferência entre lojas',
  devolucao: 'Devolução a fornecedor',
  venda: 'Venda a empresa',
};

/** natOp as the form suggests it. */
export const naturezasOperacaoPadrao: Record<TipoNotaEmitida, string> = {
  transferencia: 'Transferência de mercadoria entre filiais',
  devolucao: 'Devolução de compra para comercialização',
  venda: 'Venda de mercadoria',
};

/** rascunho → assinada → (enviada) → autorizada | rejeitada | contingencia; cancelada by the cancellation event. */
export const situacoesNotaEmitida = ['rascunho', 'assinada', 'enviada', 'autorizada', 'rejeitada', 'contingencia', 'cancelada'] as const;
export type SituacaoNotaEmitida = (typeof situacoesNotaEmitida)[number];
/** A draft, and a note SEFAZ rejected, can still be changed and sent again. */
export const notaEditavel = (s: string): boolean => s === 'rascunho' || s === 'rejeitada';

const itemNotaEmitida = z.object({
  produto: z.string({ error: 'Escolha o produto.' }).min(1, 'Escolha o produto.'),
  quantidade: decimalExato({ casas: 4, min: '0.0001', max: '99999999.9999', rotulo: 'a quantidade' }),
  /** Unit value in reais with up to 10 decimals (vUnCom); the transfer's unit cost, the entry's price. */
  valorUnitario: decimalExato({ casas: 10, min: '0.0000000001', max: '9999999999.9999999999', rotulo: 'o valor unitário' }),
});

export const notaEmitidaSchema = z
  .object({
    tipo: z.enum(tiposNotaEmitida, { error: 'Escolha o tipo da nota (transferência, devolução ou venda).' }),
    serie: z.number({ error: 'Informe a série.' }).int('A série é um número inteiro.').min(1, 'A série vai de 1 a 999.').max(999, 'A série vai de 1 a 999.').default(1),
    destinatarioEmpresa: z.string().min(1).nullable().default(null),
    destinatarioPessoa: z.string().min(1).nullable().default(null),
    naturezaOperacao: z.string().trim().max(60, 'A natureza da operação tem no máximo 60 caracteres.').nullable().default(null),
    /** The supplier's note being returned (devolução). */
    referencia: z.string().trim().nullable().default(null),
    informacoesComplementares: z.string().trim().max(2000, 'As informações complementares têm no máximo 2.000 caracteres.').nullable().default(null),
    itens: z.array(itemNotaEmitida, { error: 'Informe os itens.' }).min(1, 'Informe pelo menos um item.').max(990, 'Uma NF-e tem no máximo 990 itens.'),
    origem: z.object({ tipo: z.enum(['transferencia', 'entrada']), id: z.string().min(1) }).nullable().default(null),
    version: z.number().int().optional(),
  })
  .superRefine((n, ctx) => {
    if (n.tipo === 'transferencia' && !n.destinatarioEmpresa) ctx.addIssue({ code: 'custom', path: ['destinatarioEmpresa'], message: 'Escolha a loja do grupo que recebe a transferência.' });
    if (n.tipo !== 'transferencia' && !n.destinatarioPessoa) ctx.addIssue({ code: 'custom', path: ['destinatarioPessoa'], message: n.tipo === 'devolucao' ? 'Escolha o fornecedor que recebe a devolução.' : 'Escolha a empresa compradora.' });
    if (n.tipo === 'devolucao') {
      const erro = n.referencia ? erroDeFormaDaChave(n.referencia) : 'Informe a chave da nota do fornecedor que está sendo devolvida.';
      if (erro) ctx.addIssue({ code: 'custom', path: ['referencia'], message: erro });
    }
  })
  .transform((n) => ({ ...n, referencia: n.referencia ? normalizarChaveAcesso(n.referencia) : null }));
export type NotaEmitidaEntrada = z.input<typeof notaEmitidaSchema>;

export const filtroNotasEmitidasSchema = z.object({
  situacao: z.enum(situacoesNotaEmitida, { error: 'Situação desconhecida.' }).nullable().default(null),
});

export const rotulosCampoNotaEmitida: Record<string, string> = {
  tipo: 'Tipo',
  serie: 'Série',
  destinatarioEmpresa: 'Loja de destino',
  destinatarioPessoa: 'Destinatário',
  naturezaOperacao: 'Natureza da operação',
  referencia: 'Nota referenciada',
  informacoesComplementares: 'Informações complementares',
  itens: 'Itens',
  produto: 'Produto',
  quantidade: 'Quantidade',
  valorUnitario: 'Valor unitário',
  situacao: 'Situação',
};

/** A note as the list and the form show it (values in centavos). */
export interface NotaEmitida {
  _id: string;
  tipo: TipoNotaEmitida;
  serie: number;
  numero: number | null;
  chave: string | null;
  naturezaOperacao: string;
  destinatarioEmpresa: string | null;
  destinatarioPessoa: string | null;
  destinatario: { nome: string; documento: string; uf: string };
  referencia: string | null;
  informacoesComplementares: string | null;
  itens: { produto: string; codigo: string; descricao: string; unidade: string; cfop: string; quantidade: string; valorUnitario: string; valor: number; icms: number; st: number; ipi: number; ibs: number; cbs: number }[];
  totais: Record<string, number>;
  valorTotal: number;
  situacao: SituacaoNotaEmitida;
  cStat: string | null;
  xMotivo: string | null;
  protocolo: string | null;
  emitidaEm: string | null;
  autorizadaEm: string | null;
  tentativas: number;
  proximaTentativaEm: string | null;
  ultimoErro: string | null;
  temXml: boolean;
  temProcNFe: boolean;
  origem: { tipo: 'transferencia' | 'entrada'; id: string } | null;
  version: number;
  criadaEm: string;
}
