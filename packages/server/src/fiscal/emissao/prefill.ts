import { notaEmitidaSchema, type NotaEmitida } from '@retaguarda/domain';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { entradaNotaFiscal, entradaNotaFiscalItem, estoqueTransferenciaLojas } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/envelope.ts';
import type { AutorDaTela } from '../../resources/rotaDaTela.ts';
import { criarNota } from './notas.ts';

/** Centavos with decimals ('1234.5678') as reais with 10 decimals ('12.3456780000'). */
function centavosEmReais(centavos: string): string {
  const [i = '0', f = ''] = centavos.split('.');
  const escalado = BigInt(i) * 10n ** 8n + BigInt((f + '00000000').slice(0, 8));
  return `${escalado / 10n ** 10n}.${String(escalado % 10n ** 10n).padStart(10, '0')}`;
}

const escalar = (t: string, casas: number): bigint => {
  const [i = '0', f = ''] = t.split('.');
  return BigInt(i) * 10n ** BigInt(casas) + BigInt((f + '0'.repeat(casas)).slice(0, casas) || '0');
};

/** Exact a ÷ b with 10 decimals, half up (a, b positive integers scaled by 10^ea, 10^eb). */
function dividir(centavos: bigint, quantidade4: bigint): string {
  // (centavos / 100) / (quantidade4 / 10^4) = centavos × 10^2 / quantidade4; with 10 decimals: × 10^10.
  const n = centavos * 10n ** 12n;
  const q = (n + quantidade4 / 2n) / quantidade4;
  return `${q / 10n ** 10n}.${String(q % 10n ** 10n).padStart(10, '0')}`;
}

/** A draft transfer note from a transfer this store sent to another store of the group (its lines at the transfer's unit cost). */
export async function notaDaTransferencia(tx: Transaction, a: AutorDaTela, transferenciaId: string): Promise<NotaEmitida> {
  const [t] = await tx
    .select()
    .from(estoqueTransferenciaLojas)
    .where(and(eq(estoqueTransferenciaLojas.grupoEmpresarialId, a.grupoEmpresarial), eq(estoqueTransferenciaLojas.empresaId, a.empresa), eq(estoqueTransferenciaLojas.id, transferenciaId)));
  if (!t) throw new HttpError(404, 'Transferência não encontrada entre as enviadas por esta loja.');
  if (t.status !== 'enviada' && t.status !== 'recebida') throw new HttpError(409, 'Só uma transferência enviada (ou já recebida) gera a NF-e de transferência.');
  const entrada = notaEmitidaSchema.parse({
    tipo: 'transferencia',
    destinatarioEmpresa: t.empresaDestinoId,
    informacoesComplementares: `Transferência nº ${t.numero} entre lojas do grupo.${t.observacao ? ` ${t.observacao}` : ''}`,
    itens: t.itens.map((l) => ({ produto: l.produto, quantidade: l.quantidade, valorUnitario: centavosEmReais(l.custoUnitario) })),
    origem: { tipo: 'transferencia', id: t.id },
  });
  return criarNota(tx, a, entrada);
}

/** A draft return to the supplier from a posted entry: the supplier, the entry's key referenced, each matched item in stock units at its price. */
export async function notaDaEntrada(tx: Transaction, a: AutorDaTela, entradaId: string): Promise<NotaEmitida> {
  const [e] = await tx.select().from(entradaNotaFiscal).where(and(eq(entradaNotaFiscal.grupoEmpresarialId, a.grupoEmpresarial), eq(entradaNotaFiscal.empresaId, a.empresa), eq(entradaNotaFiscal.id, entradaId)));
  if (!e) throw new HttpError(404, 'Entrada não encontrada nesta empresa.');
  if (e.situacao !== 'lancada') throw new HttpError(409, 'Só uma entrada lançada pode ser devolvida ao fornecedor.');
  const itens = await tx.select().from(entradaNotaFiscalItem).where(and(eq(entradaNotaFiscalItem.grupoEmpresarialId, a.grupoEmpresarial), eq(entradaNotaFiscalItem.entradaId, e.id)));
  const linhas = itens
    .filter((i) => i.produtoId)
    .sort((x, y) => x.numero - y.numero)
    .map((i) => {
      // Purchase quantity (4 places) × factor (6 places) in stock units, 4 places, exact.
      const q4 = (escalar(i.quantidade, 4) * escalar(i.fator ?? '1', 6) + 500_000n) / 1_000_000n;
      const quantidade = `${q4 / 10_000n}.${String(q4 % 10_000n).padStart(4, '0')}`;
      return { produto: i.produtoId!, quantidade, valorUnitario: dividir(BigInt(i.valorProduto), q4 > 0n ? q4 : 1n) };
    });
  if (!linhas.length) throw new HttpError(409, 'A entrada não tem itens ligados a produtos para devolver.');
  const entrada = notaEmitidaSchema.parse({
    tipo: 'devolucao',
    destinatarioPessoa: e.fornecedorId,
    referencia: e.chave,
    informacoesComplementares: `Devolução referente à NF-e ${e.numero}, série ${e.serie}, chave ${e.chave}.`,
    itens: linhas,
    origem: { tipo: 'entrada', id: e.id },
  });
  return criarNota(tx, a, entrada);
}
