import { Paper, Stack, Title } from '@mantine/core';
import type { Campo, ListaProdutosVendidos } from '@retaguarda/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Registro } from '../../resources/exportar.ts';
import { recursoDeRelatorio } from './exportarRelatorio.ts';
import { FiltrosRelatorio } from './FiltrosRelatorio.tsx';
import { EstadoRelatorio, PaginaRelatorio } from './PaginaRelatorio.tsx';
import { TabelaRelatorio } from './TabelaRelatorio.tsx';
import { useConsultaRelatorio } from './useConsultaRelatorio.ts';
import { useFiltroRelatorio } from './useFiltroRelatorio.ts';

const colunas = {
  agrupador: { rotulo: 'Agrupador', tipo: 'texto' },
  codigo: { rotulo: 'Código', tipo: 'texto' },
  descricao: { rotulo: 'Produto', tipo: 'texto' },
  unidade: { rotulo: 'Unidade', tipo: 'texto' },
  comoItem: { rotulo: 'Como item', tipo: 'decimal' },
  comoComplemento: { rotulo: 'Como complemento', tipo: 'decimal' },
  quantidade: { rotulo: 'Quantidade vendida', tipo: 'decimal' },
} as const satisfies Record<string, Campo>;

/** Products under their agrupador, each agrupador closed by its subtotals (one per unit). */
function comoRegistros(r: ListaProdutosVendidos, rotuloSubtotal: (agrupador: string, unidade: string, produtos: number) => string): Registro[] {
  const registros: Registro[] = [];
  const chave = (agrupador: string | null) => agrupador ?? '';
  for (const [i, l] of r.linhas.entries()) {
    registros.push({ ...l, _id: l.produto, agrupador: l.agrupadorDescricao });
    const proxima = r.linhas[i + 1];
    if (proxima && chave(proxima.agrupador) === chave(l.agrupador)) continue;
    for (const sub of r.subtotais.filter((s) => chave(s.agrupador) === chave(l.agrupador))) {
      registros.push({ _id: `subtotal:${chave(sub.agrupador)}:${sub.unidade}`, agrupador: rotuloSubtotal(sub.agrupadorDescricao, sub.unidade, sub.produtos), unidade: sub.unidade, quantidade: sub.quantidade });
    }
  }
  return registros;
}

const colunasLojas = {
  loja: { rotulo: 'Loja', tipo: 'texto' },
  unidade: { rotulo: 'Unidade', tipo: 'texto' },
  produtos: { rotulo: 'Produtos', tipo: 'inteiro' },
  quantidade: { rotulo: 'Quantidade vendida', tipo: 'decimal' },
} as const satisfies Record<string, Campo>;

/** Each store's total per unit, then the total per unit over them (in bold): what the list adds up to. */
function comoTotaisPorLoja(r: ListaProdutosVendidos, rotuloTotal: (unidade: string) => string): Registro[] {
  return [
    ...r.lojas.map((l) => ({ ...l, _id: `${l.empresa}:${l.unidade}` })),
    ...r.totais.map((tot) => ({ ...tot, _id: `subtotal:total:${tot.unidade}`, loja: rotuloTotal(tot.unidade) })),
  ];
}

/** listaProdutosVendidos (Stock): quantities sold per product in the period, over the stores chosen (?empresa=, none: all). */
export default function ListaProdutosVendidosPage() {
  const { t } = useTranslation();
  const { filtro, hoje, params, alterar } = useFiltroRelatorio();
  // A link from before several stores could be chosen (?loja=) opens with that store chosen.
  const lojaAntiga = params.get('loja');
  useEffect(() => {
    if (lojaAntiga) alterar({ loja: null, ...(filtro.empresas?.length ? {} : { empresas: [lojaAntiga] }) });
  }, [lojaAntiga, filtro.empresas?.length, alterar]);
  const { dados: r, erro } = useConsultaRelatorio<ListaProdutosVendidos>('listaProdutosVendidos', filtro, { ativa: !lojaAntiga });
  const registros = r ? comoRegistros(r, (agrupador, unidade, produtos) => t('listaProdutosVendidos.subtotal', { agrupador, unidade, produtos })) : [];
  const recurso = recursoDeRelatorio('listaProdutosVendidos', t('listaProdutosVendidos.titulo'), colunas);
  const porLoja = r ? comoTotaisPorLoja(r, (unidade) => t('listaProdutosVendidos.totalUnidade', { unidade })) : [];
  return (
    <PaginaRelatorio testid="lista-produtos-vendidos" titulo={t('listaProdutosVendidos.titulo')} explicacao={t('listaProdutosVendidos.explicacao')}>
      <FiltrosRelatorio
        filtro={filtro}
        hoje={hoje}
        alterar={alterar}
        exportar={
          r
            ? {
                recurso,
                registros,
                arquivo: `produtos-vendidos-${filtro.de}-a-${filtro.ate}`,
                secoes: [
                  { colunas, linhas: registros },
                  { titulo: t('listaProdutosVendidos.totaisPorLoja'), colunas: colunasLojas, linhas: porLoja },
                ],
              }
            : null
        }
      />
      <EstadoRelatorio erro={erro} dados={r} vazio={(r) => r.linhas.length === 0 && t('listaProdutosVendidos.vazio')}>
        {() => (
          <>
            <Paper withBorder radius="md">
              <TabelaRelatorio colunas={colunas} linhas={registros} testid="relatorio-tabela" />
            </Paper>
            <Stack gap="xs">
              <Title order={4}>{t('listaProdutosVendidos.totaisPorLoja')}</Title>
              <Paper withBorder radius="md" maw={760}>
                <TabelaRelatorio colunas={colunasLojas} linhas={porLoja} testid="relatorio-totais-lojas" linhaTestid="relatorio-loja-linha" minWidth={480} />
              </Paper>
            </Stack>
          </>
        )}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}
