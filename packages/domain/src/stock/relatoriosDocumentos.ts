import { z } from 'zod';
import { statusInventario, type StatusInventario } from './inventario.ts';
import { motivosSaidaManual } from './movimento.ts';

/**
 * The stock reports over documents: relatorioEstoqueSaidaManual (manual exits by reason, product and
 * location) and relatorioEstoqueInventario (the counts of a period and one count's lines). Filters
 * typed once for the server that validates them and the web that sends them; quantities and unit costs
 * are decimal text with 4 places (costs in centavos), values integer centavos.
 */

const data = z.iso.date({ error: 'Use aaaa-mm-dd.' });
/** An optional id filter: absent or empty means every one. */
const idOpcional = z.string({ error: 'Informe um identificador.' }).trim().max(64, 'Identificador inválido.').optional().transform((v) => v || undefined);
const periodoEmOrdem = <T extends { de: string; ate: string }>(f: T) => f.de <= f.ate;
const periodoInvertido = { path: ['ate'], message: 'O fim do período é anterior ao início.' };

export const filtroSaidaManualSchema = z
  .object({
    de: data,
    ate: data,
    local: idOpcional,
    motivos: z.array(z.enum(motivosSaidaManual, { error: 'Motivo desconhecido.' }), { error: 'Informe uma lista de motivos.' }).max(motivosSaidaManual.length).optional(),
    produto: idOpcional,
    usuario: idOpcional,
  })
  .refine(periodoEmOrdem, periodoInvertido);
export type FiltroSaidaManual = z.infer<typeof filtroSaidaManualSchema>;

export const filtroRelatorioInventarioSchema = z
  .object({
    de: data,
    ate: data,
    status: z.array(z.enum(statusInventario, { error: 'Situação desconhecida: use aberto, aprovado ou cancelado.' }), { error: 'Informe uma lista de situações.' }).max(statusInventario.length).optional(),
    local: idOpcional,
    /** One count: its lines come in `detalhe` (whatever the period). */
    inventario: idOpcional,
    /** Only the counted lines whose count differs from the frozen balance. */
    soDiferencas: z.boolean({ error: 'Use verdadeiro ou falso.' }).optional(),
  })
  .refine(periodoEmOrdem, periodoInvertido);
export type FiltroRelatorioInventario = z.infer<typeof filtroRelatorioInventarioSchema>;

/** Labels of the filters, for the 400 that names the field ('Motivos: Motivo desconhecido.'). */
export const rotulosFiltroRelatorioEstoque: Record<string, string> = {
  de: 'De',
  ate: 'Até',
  local: 'Local de estoque',
  motivos: 'Motivos',
  produto: 'Produto',
  usuario: 'Usuário',
  status: 'Situação',
  inventario: 'Inventário',
  soDiferencas: 'Só diferenças',
};

/** One product taken out by a manual exit. */
export interface LinhaSaidaManual {
  _id: string;
  documento: string;
  numero: number;
  ocorridoEm: string;
  motivo: string;
  observacao: string | null;
  local: string;
  localDescricao: string | null;
  produto: string;
  codigo: string | null;
  descricao: string | null;
  unidade: string | null;
  /** Positive: what left the shelf, in the product's stock unit. */
  quantidade: string;
  /** The average cost at the exit, centavos with 4 places. */
  custoUnitario: string;
  /** Positive centavos: the quantity at that cost. */
  valor: number;
  usuario: string | null;
  /** Reversed documents are listed, never counted in the totals. */
  estornado: boolean;
  estornadoEm: string | null;
  motivoEstorno: string | null;
}

export interface TotalMotivoSaida {
  motivo: string;
  documentos: number;
  linhas: number;
  valor: number;
}

export interface TotalProdutoSaida {
  produto: string;
  codigo: string | null;
  descricao: string | null;
  unidade: string | null;
  linhas: number;
  quantidade: string;
  valor: number;
}

export interface RelatorioSaidaManual {
  /** Newest first, at most 5,000 (`truncado` when more matched; the totals cover them all). */
  linhas: LinhaSaidaManual[];
  truncado: boolean;
  /** Largest value first; reversed documents left out. */
  porMotivo: TotalMotivoSaida[];
  porProduto: TotalProdutoSaida[];
  totais: { documentos: number; linhas: number; valor: number };
  estornados: { documentos: number; valor: number };
}

/** A count of the period with its valued difference (of the chosen location only, when one is). */
export interface InventarioRelatorio {
  _id: string;
  numero: number;
  descricao: string;
  status: StatusInventario;
  congeladoEm: string;
  aprovadoEm: string | null;
  criadoPor: string | null;
  aprovadoPor: string | null;
  locais: string;
  linhas: number;
  contadas: number;
  /** Centavos: counted above the frozen balance (≥ 0). */
  sobras: number;
  /** Centavos: counted below it (≤ 0). */
  faltas: number;
  diferenca: number;
}

export interface LinhaInventarioRelatorio {
  local: string;
  localDescricao: string | null;
  produto: string;
  codigo: string | null;
  descricao: string | null;
  unidade: string | null;
  congelado: string;
  custoMedio: string;
  contado: string | null;
  diferenca: string | null;
  valor: number | null;
  contadoPor: string | null;
}

export interface TotaisInventario {
  linhas: number;
  contadas: number;
  sobras: number;
  faltas: number;
  diferenca: number;
}

export interface DetalheInventarioRelatorio {
  _id: string;
  numero: number;
  descricao: string;
  status: StatusInventario;
  congeladoEm: string;
  aprovadoEm: string | null;
  observacao: string | null;
  /** The lines by location (ordered by name), each with its totals. */
  locais: (TotaisInventario & { local: string; localDescricao: string | null; itens: LinhaInventarioRelatorio[] })[];
  totais: TotaisInventario;
}

export interface RelatorioInventario {
  inventarios: InventarioRelatorio[];
  /** The approved counts of the list: what was posted to stock. */
  aprovados: { inventarios: number; sobras: number; faltas: number; diferenca: number };
  detalhe: DetalheInventarioRelatorio | null;
}

/** A user a stock report may filter by. */
export interface OpcoesFiltroEstoque {
  usuarios: { _id: string; nome: string }[];
}
