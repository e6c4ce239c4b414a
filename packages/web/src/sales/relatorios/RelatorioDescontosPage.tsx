import type { Campo, LinhaDesconto } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import type { Registro } from '../../resources/exportar.ts';
import { pontosBase, recursoDeRelatorio } from './exportarRelatorio.ts';
import { FiltrosRelatorio } from './FiltrosRelatorio.tsx';
import { EstadoRelatorio, GraficoETabela, PaginaRelatorio } from './PaginaRelatorio.tsx';
import { useConsultaRelatorio } from './useConsultaRelatorio.ts';
import { useFiltroRelatorio } from './useFiltroRelatorio.ts';

const colunas = {
  descricao: { rotulo: 'Motivo', tipo: 'texto' },
  onde: { rotulo: 'Aplicado em', tipo: 'texto' },
  vezes: { rotulo: 'Vezes', tipo: 'inteiro' },
  desconto: { rotulo: 'Desconto', tipo: 'dinheiro' },
  base: { rotulo: 'Valor bruto', tipo: 'dinheiro' },
  percentual: { rotulo: '% do bruto', tipo: 'percentual' },
} as const satisfies Record<string, Campo>;
const recurso = recursoDeRelatorio('relatorioVendaDescontos', 'Descontos', colunas);

/** relatorioVendaDescontos: the period's discounts by reason, on sales and on items. */
export default function RelatorioDescontosPage() {
  const { t } = useTranslation();
  const { filtro, hoje, alterar } = useFiltroRelatorio();
  const { dados: linhas, erro } = useConsultaRelatorio<LinhaDesconto[]>('relatorioVendaDescontos', filtro);
  const onde = (l: LinhaDesconto) => t(`relatorioDescontos.onde_${l.onde}`);
  const registros: Registro[] = (linhas ?? []).map((l) => ({ ...l, _id: `${l.motivo ?? ''}-${l.onde}`, onde: onde(l), percentual: pontosBase(l.percentual) }));
  const soma = (campo: 'vezes' | 'desconto' | 'base') => (linhas ?? []).reduce((s, l) => s + l[campo], 0);
  const totais: Registro = { _id: 'total', descricao: t('relatorioVenda.total'), vezes: soma('vezes'), desconto: soma('desconto'), base: soma('base') };
  return (
    <PaginaRelatorio testid="relatorio-descontos" titulo={t('relatorioDescontos.titulo')} explicacao={t('relatorioDescontos.explicacao')}>
      <FiltrosRelatorio filtro={filtro} hoje={hoje} alterar={alterar} exportar={linhas ? { recurso, registros: [...registros, totais], arquivo: `descontos-${filtro.de}-a-${filtro.ate}` } : null} />
      <EstadoRelatorio erro={erro} dados={linhas} vazio={(l) => l.length === 0 && t('relatorioDescontos.vazio')}>
        {(linhas) => <GraficoETabela barras={linhas.map((l) => ({ rotulo: `${l.descricao} (${onde(l)})`, valor: l.desconto }))} colunas={colunas} linhas={registros} totais={totais} minWidth={700} />}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}
