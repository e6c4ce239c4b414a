import type { Campo, RelatorioTransferencias } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import type { Registro } from '../../resources/exportar.ts';
import { quando, recursoDeRelatorio, semLojaUnica } from './exportarRelatorio.ts';
import { FiltrosRelatorio } from './FiltrosRelatorio.tsx';
import { GraficoBarras } from './GraficoBarras.tsx';
import { EstadoRelatorio, PaginaRelatorio, SecaoRelatorio } from './PaginaRelatorio.tsx';
import { TabelaRelatorio } from './TabelaRelatorio.tsx';
import { useConsultaRelatorio } from './useConsultaRelatorio.ts';
import { useFiltroRelatorio } from './useFiltroRelatorio.ts';

const colunas = {
  em: { rotulo: 'Quando', tipo: 'texto' },
  loja: { rotulo: 'Loja', tipo: 'texto' },
  pedidoId: { rotulo: 'Pedido', tipo: 'texto' },
  deMesa: { rotulo: 'Da mesa', tipo: 'texto' },
  paraMesa: { rotulo: 'Para a mesa', tipo: 'texto' },
  produto: { rotulo: 'Produto', tipo: 'texto' },
  quantidade: { rotulo: 'Quantidade', tipo: 'decimal' },
  valor: { rotulo: 'Valor', tipo: 'dinheiro' },
  nome: { rotulo: 'Quem transferiu', tipo: 'texto' },
  motivo: { rotulo: 'Motivo', tipo: 'texto' },
} as const satisfies Record<string, Campo>;
const colunasUsuario = {
  nome: { rotulo: 'Usuário', tipo: 'texto' },
  transferencias: { rotulo: 'Transferências', tipo: 'inteiro' },
  valor: { rotulo: 'Valor transferido', tipo: 'dinheiro' },
} as const satisfies Record<string, Campo>;
const recurso = recursoDeRelatorio('relatorioVendaTransferencias', 'Transferências de venda', colunas);

/** relatorioVendaTransferencias: items moved between tables or comandas, who moved them and why; totals per user. */
export default function RelatorioTransferenciasPage() {
  const { t } = useTranslation();
  const { filtro, hoje, alterar } = useFiltroRelatorio();
  const { dados: r, erro } = useConsultaRelatorio<RelatorioTransferencias>('relatorioVendaTransferencias', filtro);
  const linhas: Registro[] = (r?.transferencias ?? []).map((l, i) => ({ ...l, _id: `${l.venda}-${i}`, em: quando(l.em), motivo: l.motivo ?? '' }));
  const totais: Registro = { _id: 'total', em: t('relatorioVenda.total'), valor: r?.totais.valor ?? 0 };
  const porUsuario: Registro[] = (r?.porUsuario ?? []).map((u) => ({ ...u, _id: u.usuario }));
  const totaisUsuario: Registro = { _id: 'total', nome: t('relatorioVenda.total'), transferencias: r?.totais.transferencias ?? 0, valor: r?.totais.valor ?? 0 };
  return (
    <PaginaRelatorio testid="relatorio-transferencias" titulo={t('relatorioTransferencias.titulo')} explicacao={t('relatorioTransferencias.explicacao')}>
      <FiltrosRelatorio
        filtro={filtro}
        hoje={hoje}
        alterar={alterar}
        exportar={
          r
            ? {
                recurso,
                registros: [...linhas, totais],
                arquivo: `transferencias-${filtro.de}-a-${filtro.ate}`,
                secoes: [
                  { titulo: t('relatorioTransferencias.porUsuario'), colunas: colunasUsuario, linhas: [...porUsuario, totaisUsuario] },
                  { titulo: t('relatorioTransferencias.lista'), colunas, linhas: [...linhas, totais] },
                ],
              }
            : null
        }
      />
      <EstadoRelatorio erro={erro} dados={r} vazio={(r) => r.transferencias.length === 0 && t('relatorioTransferencias.vazio')}>
        {(r) => (
          <>
            <SecaoRelatorio titulo={t('relatorioTransferencias.porUsuario')}>
              <GraficoBarras testid="relatorio-grafico" itens={r.porUsuario.map((u) => ({ rotulo: `${u.nome} (${u.transferencias})`, valor: u.valor }))} />
              <TabelaRelatorio colunas={colunasUsuario} linhas={porUsuario} totais={totaisUsuario} testid="transferencias-usuarios" linhaTestid="transferencias-usuario-linha" minWidth={400} />
            </SecaoRelatorio>
            <SecaoRelatorio titulo={t('relatorioTransferencias.lista')}>
              <TabelaRelatorio colunas={semLojaUnica(colunas, linhas) as Record<string, Campo>} linhas={linhas} totais={totais} testid="relatorio-tabela" minWidth={860} />
            </SecaoRelatorio>
          </>
        )}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}
