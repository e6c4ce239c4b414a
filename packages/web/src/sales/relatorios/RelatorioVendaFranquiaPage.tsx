import { TextInput } from '@mantine/core';
import { compararDecimal, normalizarDecimal, type Campo, type RelatorioVenda } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import type { Registro } from '../../resources/exportar.ts';
import { recursoDeRelatorio } from './exportarRelatorio.ts';
import { FiltrosRelatorio } from './FiltrosRelatorio.tsx';
import { EstadoRelatorio, GraficoETabela, PaginaRelatorio } from './PaginaRelatorio.tsx';
import { royaltyCentavos } from './royalty.ts';
import { useConsultaRelatorio } from './useConsultaRelatorio.ts';
import { useFiltroRelatorio } from './useFiltroRelatorio.ts';

const colunas = {
  rotulo: { rotulo: 'Loja', tipo: 'texto' },
  vendas: { rotulo: 'Vendas', tipo: 'inteiro' },
  total: { rotulo: 'Faturamento', tipo: 'dinheiro' },
  ticketMedio: { rotulo: 'Ticket médio', tipo: 'dinheiro' },
  royalty: { rotulo: 'Royalty', tipo: 'dinheiro' },
} as const satisfies Record<string, Campo>;
const recurso = recursoDeRelatorio('relatorioVendaFranquia', 'Vendas por franquia', colunas);

/** A percentage from 0 to 100 with up to 2 places, or null. */
function lerPercentual(texto: string | null): string | null {
  const n = texto === null ? null : normalizarDecimal(texto);
  if (n === null || !/^\d+(\.\d{1,2})?$/.test(n) || compararDecimal(n, '100') > 0) return null;
  return n;
}

/** relatorioVendaFranquia: revenue of each store of the period with the royalty % applied (?royalty=). */
export default function RelatorioVendaFranquiaPage() {
  const { t } = useTranslation();
  const { filtro, hoje, params, alterar } = useFiltroRelatorio();
  const textoRoyalty = params.get('royalty') ?? '5';
  const percentual = lerPercentual(textoRoyalty);
  const { dados: r, erro } = useConsultaRelatorio<RelatorioVenda>('relatorioVenda', { ...filtro, agrupar: 'empresa' }, { chave: 'relatorioVendaFranquia' });
  const registros: Registro[] = r
    ? [...r.linhas, r.totais].map((l) => ({ ...l, _id: l.chave, royalty: percentual === null ? null : royaltyCentavos(l.total, percentual) }))
    : [];
  // The total royalty is the sum of the stores' (each rounded), as they are invoiced one by one.
  if (r && percentual !== null) registros[registros.length - 1]!.royalty = registros.slice(0, -1).reduce((s, l) => s + (l.royalty as number), 0);
  return (
    <PaginaRelatorio testid="relatorio-franquia" titulo={t('relatorioFranquia.titulo')} explicacao={t('relatorioFranquia.explicacao')}>
      <FiltrosRelatorio
        filtro={filtro}
        hoje={hoje}
        alterar={alterar}
        exportar={r && percentual !== null ? { recurso, registros, arquivo: `vendas-por-franquia-${filtro.de}-a-${filtro.ate}`, filtros: [[t('relatorioFranquia.royalty'), `${textoRoyalty} %`]] } : null}
        extra={
          <TextInput
            label={t('relatorioFranquia.royalty')}
            value={textoRoyalty}
            onChange={(e) => alterar({ royalty: e.currentTarget.value })}
            error={percentual === null ? t('relatorioFranquia.royaltyInvalido') : undefined}
            rightSection="%"
            w={120}
            data-testid="relatorio-royalty"
          />
        }
      />
      <EstadoRelatorio erro={erro} dados={r} vazio={(r) => r.linhas.length === 0 && t('relatorioVenda.vazio')}>
        {(r) => <GraficoETabela barras={r.linhas.map((l) => ({ rotulo: l.rotulo, valor: l.total }))} colunas={colunas} linhas={registros.slice(0, -1)} totais={registros.at(-1)} minWidth={600} />}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}
