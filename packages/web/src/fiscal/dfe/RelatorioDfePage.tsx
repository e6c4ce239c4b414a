import { Badge, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { dataBr, reais, situacoesDfe, type Campo, type SituacaoDfe } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import type { Registro } from '../../resources/exportar.ts';
import { useGeral } from '../../session/store.ts';
import { CampoDia } from '../../sales/dashboard/CampoDia.tsx';
import { BotoesExportar } from '../../sales/relatorios/BotoesExportar.tsx';
import { EscolhaFiltro } from '../../sales/relatorios/EscolhaFiltro.tsx';
import { recursoDeRelatorio } from '../../sales/relatorios/exportarRelatorio.ts';
import { EstadoRelatorio, PaginaRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../../sales/relatorios/TabelaRelatorio.tsx';
import { useConsultaRelatorio } from '../../sales/relatorios/useConsultaRelatorio.ts';
import { useFiltroRelatorio } from '../../sales/relatorios/useFiltroRelatorio.ts';
import { corSituacaoDfe, type RelatorioDfe } from './dfeApi.ts';

const colunas = {
  emissao: { rotulo: 'Emissão', tipo: 'texto' },
  emitenteNome: { rotulo: 'Emitente', tipo: 'texto' },
  emitenteDocumento: { rotulo: 'CNPJ/CPF', tipo: 'texto' },
  chave: { rotulo: 'Chave de acesso', tipo: 'texto' },
  situacao: { rotulo: 'Situação', tipo: 'texto' },
  valor: { rotulo: 'Valor', tipo: 'dinheiro' },
} as const satisfies Record<string, Campo>;
const recurso = recursoDeRelatorio('relatorioDFE', 'Relatório de DF-e', colunas);

/** relatorioDFE: the downloaded notes of the emission period (?de=&ate=&situacao=), a card per status with count and value, the list, CSV/XLSX/PDF. */
export default function RelatorioDfePage() {
  const { t } = useTranslation();
  const { filtro: base, hoje, params, alterar } = useFiltroRelatorio({ comEmpresas: false });
  const grupo = useGeral((s) => s.grupoEmpresarial?.nome);
  const empresa = useGeral((s) => s.empresa?.nomeFantasia);
  const situacao = (params.get('situacao') || null) as SituacaoDfe | null;
  const filtro = { inicio: base.de, fim: base.ate, ...(situacao ? { situacao } : {}) };
  const { dados, erro } = useConsultaRelatorio<RelatorioDfe>('relatorioDFE', filtro);
  const rotulo = (s: SituacaoDfe) => t(`baixarNotas.situacao_${s}`);
  const registros: Registro[] = (dados?.documentos ?? []).map((d) => ({ ...d, emissao: dataBr(d.emissao.slice(0, 10)), situacao: rotulo(d.situacao) }));
  const totais: Registro | undefined = dados ? { _id: 'total', emissao: t('relatorioDFE.total'), emitenteNome: t('relatorioDFE.notas', { count: dados.total.quantidade }), valor: dados.total.valor } : undefined;
  const celula = (coluna: string, linha: Registro) => {
    if (coluna === 'chave' && linha.chave) return <Text span size="xs" ff="monospace">{String(linha.chave)}</Text>;
    return undefined;
  };

  return (
    <PaginaRelatorio testid="relatorio-dfe" titulo={t('relatorioDFE.titulo')} explicacao={t('relatorioDFE.explicacao')}>
      <Paper withBorder p="md" radius="md" className="nao-imprimir">
        <Group align="flex-end" wrap="wrap">
          <CampoDia rotulo={t('relatorioVenda.de')} data={base.de} hoje={hoje} onChange={(de) => alterar({ de })} testid="dfe-de" />
          <CampoDia rotulo={t('relatorioVenda.ate')} data={base.ate} hoje={hoje} onChange={(ate) => alterar({ ate })} testid="dfe-ate" />
          <EscolhaFiltro multipla={false} rotulo={t('baixarNotas.situacao')} todos={t('baixarNotas.todas')} opcoes={situacoesDfe.map((s) => ({ value: s, label: rotulo(s) }))} valor={situacao} alterar={(v) => alterar({ situacao: v })} largura={200} testid="dfe-situacao" />
          <BotoesExportar
            exportar={
              dados && totais
                ? {
                    recurso,
                    registros: [...registros, totais],
                    arquivo: `relatorio-dfe-${base.de}-a-${base.ate}`,
                    pdf: { titulo: t('relatorioDFE.titulo'), empresa: [grupo, empresa].filter(Boolean).join(' · '), de: base.de, ate: base.ate, filtros: [[t('baixarNotas.situacao'), situacao ? rotulo(situacao) : t('baixarNotas.todas')]] },
                  }
                : null
            }
          />
        </Group>
      </Paper>
      <EstadoRelatorio erro={erro} dados={dados}>
        {(d) => (
          <>
            <SimpleGrid cols={{ base: 2, md: 4 }}>
              {d.totais.map((c) => (
                <Paper key={c.situacao} withBorder p="md" radius="md" data-testid={`dfe-cartao-${c.situacao}`}>
                  <Badge color={corSituacaoDfe[c.situacao]} variant="light">{rotulo(c.situacao)}</Badge>
                  <Text fz={22} fw={700}>{reais(c.valor)}</Text>
                  <Text size="xs" c="dimmed">{t('relatorioDFE.notas', { count: c.quantidade })}</Text>
                </Paper>
              ))}
            </SimpleGrid>
            <Paper withBorder radius="md">
              <TabelaRelatorio colunas={colunas} linhas={registros} totais={totais} celula={celula} testid="relatorio-tabela" linhaTestid="dfe-relatorio-linha" minWidth={1000} />
            </Paper>
          </>
        )}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}
