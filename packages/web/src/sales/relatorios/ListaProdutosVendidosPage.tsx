import { Alert, Paper, Select, Stack, Text, Title } from '@mantine/core';
import type { Campo, ListaProdutosVendidos } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import type { Registro } from '../../resources/exportar.ts';
import { useSessao } from '../../session/queries.ts';
import { useGeral } from '../../session/store.ts';
import { recursoDeRelatorio } from './exportarRelatorio.ts';
import { FiltrosRelatorio } from './FiltrosRelatorio.tsx';
import { CarregandoRelatorio } from './Progresso.tsx';
import { TabelaRelatorio } from './TabelaRelatorio.tsx';
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

/** listaProdutosVendidos (Stock): quantities sold per product in the period, one store or all (?loja=). */
export default function ListaProdutosVendidosPage() {
  const { t } = useTranslation();
  const { filtro: base, hoje, params, alterar } = useFiltroRelatorio();
  const empresas = useSessao().data?.empresas ?? [];
  const loja = params.get('loja') ?? '';
  const filtro = { ...base, empresas: loja ? [loja] : [] };
  const empresa = useGeral((s) => s.empresa?._id);
  const consulta = useQuery({
    queryKey: ['listaProdutosVendidos', empresa, filtro],
    queryFn: ({ signal }) => api.post<ListaProdutosVendidos>('listaProdutosVendidos', filtro, { signal }),
    enabled: Boolean(empresa),
  });
  const r = consulta.data;
  const registros = r ? comoRegistros(r, (agrupador, unidade, produtos) => t('listaProdutosVendidos.subtotal', { agrupador, unidade, produtos })) : [];
  const recurso = recursoDeRelatorio('listaProdutosVendidos', t('listaProdutosVendidos.titulo'), colunas);
  const nomeLoja = empresas.find((e) => e._id === loja)?.nomeFantasia;
  return (
    <Stack gap="lg" maw={1400} data-testid="lista-produtos-vendidos">
      <div>
        <Title order={2}>{t('listaProdutosVendidos.titulo')}</Title>
        <Text c="dimmed" size="sm">
          {t('listaProdutosVendidos.explicacao')}
        </Text>
      </div>
      <FiltrosRelatorio
        filtro={base}
        hoje={hoje}
        alterar={alterar}
        exportar={r ? { recurso, registros, arquivo: `produtos-vendidos-${filtro.de}-a-${filtro.ate}`, ...(nomeLoja ? { empresas: nomeLoja } : {}) } : null}
        extra={
          <Select
            label={t('listaProdutosVendidos.loja')}
            data={[{ value: '', label: t('listaProdutosVendidos.todasLojas') }, ...empresas.map((e) => ({ value: e._id, label: e.nomeFantasia }))]}
            value={loja}
            onChange={(v) => alterar({ loja: v ?? '' })}
            allowDeselect={false}
            w={260}
            data-testid="relatorio-loja"
          />
        }
      />
      {consulta.error ? <Alert color="red">{consulta.error.message}</Alert> : null}
      {!r ? (
        <CarregandoRelatorio />
      ) : r.linhas.length === 0 ? (
        <Alert title={t('listaProdutosVendidos.vazio')} data-testid="relatorio-vazio">
          {t('relatorioVenda.vazioAjuda')}
        </Alert>
      ) : (
        <Paper withBorder radius="md">
          <TabelaRelatorio colunas={colunas} linhas={registros} testid="relatorio-tabela" />
        </Paper>
      )}
    </Stack>
  );
}
