import { tiposDocumentoEstoque, tiposMovimento } from '@retaguarda/domain';
import type { Registro } from '../resources/exportar.ts';
import type { Kardex, LinhaPosicao } from './estoqueApi.ts';
import { dataHora, formatCusto } from './formatoEstoque.ts';

/**
 * The position report's rows as the table and the exports read them (the average cost written in
 * reais, below-minimum as Sim), and the totals row: the value summed in integer centavos.
 */
export function registrosPosicao(linhas: readonly LinhaPosicao[], rotuloTotal: string, sim: string): { registros: Registro[]; totais: Registro } {
  const registros = linhas.map((l) => ({ ...l, _id: `${l.produto}:${l.local}`, custoMedio: formatCusto(l.custoMedio), abaixoMinimo: l.abaixoMinimo ? sim : '' }));
  const totais: Registro = { _id: 'total', descricao: rotuloTotal, valor: linhas.reduce((s, l) => s + l.valor, 0) };
  return { registros, totais };
}

const nomesDocumento: Record<string, string> = { ...tiposDocumentoEstoque, inventario: 'Inventário', venda: 'Venda', producao: 'Produção', pedidoCompra: 'Pedido de compra', transferenciaLojas: 'Transferência entre lojas' };

/** What a movement's document is called: 'Saída manual nº 3', 'Produção nº 2' (the order's number). */
export function documentoDe(tipo: string, numero: number | null): string {
  const nome = nomesDocumento[tipo] ?? tipo;
  return numero === null ? nome : `${nome} nº ${numero}`;
}

/**
 * The kardex (or one page of it) as rows: the opening balance first (bold), each movement with its kind,
 * document, signed quantity, cost, running balance and average cost, and the closing balance as the totals
 * row. A page after the first opens at the balance the previous one carried, and one before the last
 * closes at the balance it carries on.
 */
export function registrosKardex(k: Kardex, rotulos: { inicial: string; final: string; anterior: string; aTransportar: string }): { registros: Registro[]; totais: Registro } {
  const { pagina } = k;
  const abre = pagina.offset === 0 ? { rotulo: rotulos.inicial, ...k.inicial } : { rotulo: rotulos.anterior, ...pagina.inicial };
  const fecha = pagina.offset + k.linhas.length >= pagina.total ? { rotulo: rotulos.final, ...k.final } : { rotulo: rotulos.aTransportar, ...pagina.final };
  const inicial: Registro = { _id: 'subtotal:inicial', tipo: abre.rotulo, saldo: abre.saldo, custoMedio: formatCusto(abre.custoMedio), valor: abre.valor };
  const movimentos: Registro[] = k.linhas.map((l) => ({
    _id: l._id,
    quando: dataHora(l.ocorridoEm),
    tipo: tiposMovimento[l.tipo]?.rotulo ?? l.tipo,
    documento: documentoDe(l.documentoTipo, l.documentoNumero),
    localDescricao: l.localDescricao ?? '',
    usuario: l.usuario ?? '',
    quantidade: l.quantidade,
    custoUnitario: formatCusto(l.custoUnitario),
    valor: l.valor,
    saldo: l.saldo,
    custoMedio: formatCusto(l.custoMedio),
  }));
  const totais: Registro = { _id: 'total', tipo: fecha.rotulo, saldo: fecha.saldo, custoMedio: formatCusto(fecha.custoMedio), valor: fecha.valor };
  return { registros: [inicial, ...movimentos], totais };
}
