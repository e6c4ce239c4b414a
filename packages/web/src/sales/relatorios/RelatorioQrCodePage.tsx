import { Select } from '@mantine/core';
import { agrupamentosQrCode, type AgrupamentoQrCode, type Campo, type RelatorioQrCode } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import type { Registro } from '../../resources/exportar.ts';
import { pontosBase, recursoDeRelatorio } from './exportarRelatorio.ts';
import { FiltrosRelatorio } from './FiltrosRelatorio.tsx';
import { EstadoRelatorio, GraficoETabela, PaginaRelatorio, SecaoRelatorio } from './PaginaRelatorio.tsx';
import { TabelaRelatorio } from './TabelaRelatorio.tsx';
import { useConsultaRelatorio } from './useConsultaRelatorio.ts';
import { useFiltroRelatorio } from './useFiltroRelatorio.ts';

const colunas = (agrupamento: string) =>
  ({
    rotulo: { rotulo: agrupamento, tipo: 'texto' },
    pedidos: { rotulo: 'Pedidos', tipo: 'inteiro' },
    itens: { rotulo: 'Itens', tipo: 'decimal' },
    total: { rotulo: 'Total', tipo: 'dinheiro' },
    ticketMedio: { rotulo: 'Ticket médio', tipo: 'dinheiro' },
    totalLoja: { rotulo: 'Vendas da loja', tipo: 'dinheiro' },
    participacao: { rotulo: '% pelo QR Code', tipo: 'percentual' },
    canceladas: { rotulo: 'Canceladas', tipo: 'inteiro' },
  }) as const satisfies Record<string, Campo>;
const colunasProdutos = {
  codigo: { rotulo: 'Código', tipo: 'texto' },
  descricao: { rotulo: 'Produto', tipo: 'texto' },
  quantidade: { rotulo: 'Quantidade', tipo: 'decimal' },
  pedidos: { rotulo: 'Pedidos', tipo: 'inteiro' },
  total: { rotulo: 'Total', tipo: 'dinheiro' },
} as const satisfies Record<string, Campo>;

/** relatorioQrCode: what customers ordered through the tables' QR codes, per table, day or hour (?agrupar=). */
export default function RelatorioQrCodePage() {
  const { t } = useTranslation();
  const { filtro: base, hoje, params, alterar } = useFiltroRelatorio();
  const pedido = params.get('agrupar');
  const agrupar: AgrupamentoQrCode = agrupamentosQrCode.includes(pedido as AgrupamentoQrCode) ? (pedido as AgrupamentoQrCode) : 'mesa';
  // Terminals, operators and the hour period apply; the channel is QR code by definition.
  const filtro = { ...base, canais: [], agrupar };
  const { dados: r, erro } = useConsultaRelatorio<RelatorioQrCode>('relatorioQrCode', filtro);
  const rotuloAgrupamento = t(`relatorioQrCode.agrupar_${agrupar}`);
  const cols = colunas(rotuloAgrupamento);
  const recurso = recursoDeRelatorio('relatorioQrCode', t('relatorioQrCode.titulo'), cols);
  const registros: Registro[] = r ? [...r.linhas, r.totais].map((l) => ({ ...l, _id: l.chave, participacao: pontosBase(l.participacao) })) : [];
  const produtos: Registro[] = (r?.topProdutos ?? []).map((p) => ({ ...p, _id: p.produto }));
  return (
    <PaginaRelatorio testid="relatorio-qrcode" titulo={t('relatorioQrCode.titulo')} explicacao={t('relatorioQrCode.explicacao')}>
      <FiltrosRelatorio
        filtro={base}
        hoje={hoje}
        alterar={alterar}
        semCanais
        exportar={
          r
            ? {
                recurso,
                registros,
                arquivo: `relatorio-qrcode-${filtro.de}-a-${filtro.ate}`,
                filtros: [[t('relatorioVenda.agrupar'), rotuloAgrupamento]],
                secoes: [
                  { colunas: cols, linhas: registros },
                  { titulo: t('relatorioQrCode.topProdutos'), colunas: colunasProdutos, linhas: produtos },
                ],
              }
            : null
        }
        extra={
          <Select
            label={t('relatorioVenda.agrupar')}
            data={agrupamentosQrCode.map((a) => ({ value: a, label: t(`relatorioQrCode.agrupar_${a}`) }))}
            value={agrupar}
            onChange={(v) => v && alterar({ agrupar: v })}
            allowDeselect={false}
            w={160}
            data-testid="relatorio-agrupar"
          />
        }
      />
      <EstadoRelatorio erro={erro} dados={r} vazio={(r) => r.linhas.length === 0 && t('relatorioQrCode.vazio')} vazioAjuda={t('relatorioQrCode.vazioAjuda')}>
        {(r) => (
          <>
            <GraficoETabela barras={r.linhas.map((l) => ({ rotulo: l.rotulo.replace(/^Mesa /, ''), valor: l.total }))} colunas={cols} linhas={registros.slice(0, -1)} totais={registros.at(-1)} />
            <SecaoRelatorio titulo={t('relatorioQrCode.topProdutos')}>
              <TabelaRelatorio colunas={colunasProdutos} linhas={produtos} testid="qrcode-produtos" linhaTestid="qrcode-produto" minWidth={600} />
            </SecaoRelatorio>
          </>
        )}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}
