import { Badge, Button, Paper, Select } from '@mantine/core';
import { dataBr, reais, situacoesNotaEmitida, type Campo, type NotaEmitida } from '@retaguarda/domain';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useUrlParam } from '../../app/useUrlParams.ts';
import type { Registro } from '../../resources/exportar.ts';
import { EstadoRelatorio, PaginaRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../../sales/relatorios/TabelaRelatorio.tsx';
import { usePermissoes } from '../../session/permissoes.ts';
import { useGeral } from '../../session/store.ts';
import { corSituacaoNota, emissaoApi, emissaoKeys } from './emissaoApi.ts';
import { NotaEmitidaDetalhe } from './NotaEmitidaDetalhe.tsx';
import { NotaEmitidaForm } from './NotaEmitidaForm.tsx';

/**
 * emissaoNotaFiscal: the company's issued NF-e (status filter in the URL), a new note (?nota=nova), and
 * one note opened (?nota=<id>) to edit, issue, read SEFAZ's answer and download its XML.
 */
export default function EmissaoNotaFiscalPage() {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const { pode } = usePermissoes();
  const [aberta, setAberta] = useUrlParam('nota');
  const [situacao, setSituacao] = useUrlParam('situacao');
  const lista = useQuery({ queryKey: emissaoKeys.lista(empresa, situacao), queryFn: ({ signal }) => emissaoApi.listar(situacao, signal), enabled: Boolean(empresa) && !aberta });

  if (aberta === 'nova') return <NotaEmitidaForm onPronta={(n) => setAberta(n._id)} onVoltar={() => setAberta(null)} />;
  if (aberta) return <NotaEmitidaDetalhe id={aberta} onVoltar={() => setAberta(null)} />;

  const colunas: Record<string, Campo> = {
    criadaTexto: { rotulo: t('emissaoNota.criada'), tipo: 'texto' },
    numeroTexto: { rotulo: t('emissaoNota.numero'), tipo: 'texto' },
    tipoTexto: { rotulo: t('emissaoNota.tipo'), tipo: 'texto' },
    destinatarioNome: { rotulo: t('emissaoNota.destinatario'), tipo: 'texto' },
    valorTotal: { rotulo: t('emissaoNota.valor'), tipo: 'dinheiro' },
    situacao: { rotulo: t('emissaoNota.situacao'), tipo: 'texto' },
  };
  const registros: Registro[] = (lista.data ?? []).map((n) => ({
    ...n,
    criadaTexto: dataBr(n.criadaEm.slice(0, 10)),
    numeroTexto: n.numero ? `${n.numero} / ${n.serie}` : '—',
    tipoTexto: t(`emissaoNota.tipo_${n.tipo}`),
    destinatarioNome: n.destinatario.nome,
  }));
  const celula = (coluna: string, linha: Registro) => {
    const n = linha as unknown as NotaEmitida;
    if (coluna === 'destinatarioNome')
      return (
        <Button variant="subtle" size="compact-sm" px={4} onClick={() => setAberta(n._id)} data-testid="emissao-abrir" styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}>
          {n.destinatario.nome}
        </Button>
      );
    if (coluna === 'situacao')
      return (
        <Badge color={corSituacaoNota[n.situacao]} variant="light" data-testid="emissao-situacao" title={n.xMotivo ?? undefined}>
          {t(`emissaoNota.situacao_${n.situacao}`)}
        </Badge>
      );
    if (coluna === 'valorTotal') return reais(n.valorTotal);
    return undefined;
  };

  return (
    <PaginaRelatorio
      testid="emissao-nota-fiscal"
      titulo={t('emissaoNota.titulo')}
      explicacao={t('emissaoNota.explicacao')}
      acoes={
        pode('emissaoNotaFiscal', 'criar') ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAberta('nova')} data-testid="emissao-nova">
            {t('emissaoNota.nova')}
          </Button>
        ) : undefined
      }
    >
      <Select
        label={t('emissaoNota.situacao')}
        placeholder={t('emissaoNota.todas')}
        data={situacoesNotaEmitida.map((s) => ({ value: s, label: t(`emissaoNota.situacao_${s}`) }))}
        value={situacao}
        onChange={(v) => setSituacao(v)}
        clearable
        w={220}
        data-testid="emissao-filtro-situacao"
      />
      <EstadoRelatorio erro={lista.error} dados={lista.data} vazio={(d) => d.length === 0 && t('emissaoNota.nenhuma')} vazioAjuda={t('emissaoNota.nenhumaAjuda')}>
        {() => (
          <Paper withBorder radius="md">
            <TabelaRelatorio colunas={colunas} linhas={registros} celula={celula} testid="emissao-lista" linhaTestid="emissao-linha" minWidth={760} />
          </Paper>
        )}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}
