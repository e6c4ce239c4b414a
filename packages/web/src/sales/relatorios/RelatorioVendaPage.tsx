import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { comoRecurso, comoRegistros } from './exportarRelatorio.ts';
import { FiltrosRelatorio } from './FiltrosRelatorio.tsx';
import { EstadoRelatorio, GraficoETabela, PaginaRelatorio } from './PaginaRelatorio.tsx';
import { agrupamentos } from './relatorioVendaApi.ts';
import { useRelatorioVenda } from './useRelatorioVenda.ts';


/** relatorioVenda: sales of a period grouped as the user chooses, with totals, a chart and exports. */
export default function RelatorioVendaPage() {
  const { t } = useTranslation();
  const c = useRelatorioVenda();
  const rotuloAgrupamento = t(`relatorioVenda.agrupar_${c.filtro.agrupar}`);
  const recurso = comoRecurso(rotuloAgrupamento);
  const r = c.resultado;
  const registros = r ? comoRegistros(r.linhas, r.totais) : [];
  return (
    <PaginaRelatorio testid="relatorio-venda" titulo={t('relatorioVenda.titulo')} explicacao={t('relatorioVenda.explicacao')}>
      <FiltrosRelatorio
        filtro={c.filtro}
        hoje={c.hoje}
        alterar={c.alterar}
        exportar={r ? { recurso, registros, arquivo: `relatorio-vendas-${c.filtro.de}-a-${c.filtro.ate}`, filtros: [[t('relatorioVenda.agrupar'), rotuloAgrupamento]] } : null}
        extra={
          <Select
            label={t('relatorioVenda.agrupar')}
            data={agrupamentos.map((a) => ({ value: a, label: t(`relatorioVenda.agrupar_${a}`) }))}
            value={c.filtro.agrupar}
            onChange={(v) => v && c.alterar({ agrupar: v })}
            allowDeselect={false}
            w={180}
            data-testid="relatorio-agrupar"
          />
        }
      />
      <EstadoRelatorio erro={c.erro} dados={r} vazio={(r) => r.linhas.length === 0 && t('relatorioVenda.vazio')}>
        {(r) => <GraficoETabela barras={r.linhas.map((l) => ({ rotulo: l.rotulo, valor: l.total }))} colunas={recurso.campos} linhas={registros.slice(0, -1)} totais={registros.at(-1)} />}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}
