import { Badge, Button, Group, Paper, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Campo } from '@retaguarda/domain';
import { IconArrowBackUp, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogoEstorno } from '../app/DialogoEstorno.tsx';
import { useUrlParam } from '../app/useUrlParams.ts';
import { useOpcoesReferencia } from '../resources/ReferenciaInput.tsx';
import type { Registro } from '../resources/exportar.ts';
import { useGeral } from '../session/store.ts';
import { CampoDia } from '../sales/dashboard/CampoDia.tsx';
import { EstadoRelatorio, PaginaRelatorio } from '../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../sales/relatorios/TabelaRelatorio.tsx';
import { useFiltroRelatorio } from '../sales/relatorios/useFiltroRelatorio.ts';
import { DocumentoEstoqueForm } from './DocumentoEstoqueForm.tsx';
import { estoqueApi, estoqueKeys, type DocumentoListado, type TipoDocumentoTela } from './estoqueApi.ts';
import { dataHora } from './formatoEstoque.ts';
import { GavetaLateral } from '../sales/relatorios/GavetaLateral.tsx';

const colunasDe = (tipo: TipoDocumentoTela, t: (k: string) => string): Record<string, Campo> => ({
  numero: { rotulo: t('estoqueDoc.numero'), tipo: 'inteiro' },
  quando: { rotulo: t('estoqueDoc.data'), tipo: 'texto' },
  ...(tipo === 'transferenciaLocal'
    ? { localDescricao: { rotulo: t('estoqueDoc.origem'), tipo: 'texto' }, destinoDescricao: { rotulo: t('estoqueDoc.destino'), tipo: 'texto' } }
    : { localDescricao: { rotulo: t('estoqueDoc.local'), tipo: 'texto' }, motivo: { rotulo: t('estoqueDoc.motivo'), tipo: 'texto' } }),
  itens: { rotulo: t('estoqueDoc.itens'), tipo: 'texto' },
  valor: { rotulo: t('estoqueDoc.valor'), tipo: 'dinheiro' },
  usuario: { rotulo: t('estoqueDoc.usuario'), tipo: 'texto' },
  situacao: { rotulo: '', tipo: 'texto' },
  acoes: { rotulo: t('estoqueDoc.acoes'), tipo: 'texto' },
});

/**
 * The list of a company's documents of one kind typed by hand (saída manual, transferência entre
 * locais) in a period (?de=&ate=), the new one in a drawer (?novo=1) and the reversal with its
 * reason in a confirmation (?estornar=<id>).
 */
export function DocumentosEstoquePage({ tipo, testid }: { tipo: TipoDocumentoTela; testid: string }) {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const { filtro, hoje, alterar } = useFiltroRelatorio({ comEmpresas: false });
  const [novo, setNovo] = useUrlParam('novo');
  const [estornarId, setEstornarId] = useUrlParam('estornar');
  const queryClient = useQueryClient();

  const periodo = { tipo, de: filtro.de, ate: filtro.ate };
  const lista = useQuery({
    queryKey: [...estoqueKeys.documentos(empresa), periodo],
    queryFn: ({ signal }) => estoqueApi.listar({ ...periodo, limite: 1000 }, signal),
    enabled: Boolean(empresa),
  });
  const ativos = useOpcoesReferencia('estoqueCadastro', { ativo: true }).data ?? [];
  const todos = useOpcoesReferencia('estoqueCadastro').data;
  const nomesLocais = useMemo(() => new Map((todos ?? []).map((o) => [o.value, o.label])), [todos]);

  const documentos = lista.data;
  const escolhido = documentos?.find((d) => d._id === estornarId) ?? null;
  const atualizar = () => {
    void queryClient.invalidateQueries({ queryKey: estoqueKeys.documentos(empresa) });
    // The position and the kardex read the balances this changed.
    void queryClient.invalidateQueries({ queryKey: ['relatorioEstoqueProduto'] });
    void queryClient.invalidateQueries({ queryKey: ['relatorioEstoqueFluxo'] });
  };
  const estornar = useMutation({
    mutationFn: ({ id, motivo }: { id: string; motivo: string }) => estoqueApi.estornar(id, motivo),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('estoqueDoc.estornadoOk', { numero: escolhido?.numero }) });
      fecharEstorno();
      atualizar();
    },
  });
  const fecharEstorno = () => {
    setEstornarId(null);
    estornar.reset();
  };

  const colunas = colunasDe(tipo, t);
  // The list answers bigint columns as text ('750'): numbers for the table's money and number columns.
  const registros: Registro[] = (documentos ?? []).map((d) => ({ ...d, numero: Number(d.numero), valor: Number(d.valor), quando: dataHora(d.ocorridoEm), itens: t('estoqueDoc.itensQtd', { count: d.itens.length }) }));
  const celula = (coluna: string, linha: Registro) => {
    const d = linha as unknown as DocumentoListado;
    if (coluna === 'situacao') {
      return d.estornadoEm ? (
        <Tooltip label={t('estoqueDoc.estornadoEm', { quando: dataHora(d.estornadoEm), motivo: d.motivoEstorno ?? '' })} multiline w={280} withinPortal>
          <Badge color="red" variant="light" data-testid="estoque-estornado">
            {t('estoqueDoc.estornado')}
          </Badge>
        </Tooltip>
      ) : (
        ''
      );
    }
    if (coluna === 'acoes') {
      return d.estornadoEm ? (
        ''
      ) : (
        <Button size="compact-sm" variant="subtle" color="red" leftSection={<IconArrowBackUp size={14} />} onClick={() => setEstornarId(d._id)} data-testid="estoque-estornar">
          {t('estoqueDoc.estornar')}
        </Button>
      );
    }
    return undefined;
  };

  return (
    <PaginaRelatorio
      testid={testid}
      titulo={t(`estoqueDoc.titulo_${tipo}`)}
      explicacao={t(`estoqueDoc.explicacao_${tipo}`)}
      acoes={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setNovo('1')} data-testid="estoque-novo">
          {t(`estoqueDoc.novo_${tipo}`)}
        </Button>
      }
    >
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" wrap="wrap">
          <CampoDia rotulo={t('relatorioVenda.de')} data={filtro.de} hoje={hoje} onChange={(de) => alterar({ de })} testid="estoque-de" />
          <CampoDia rotulo={t('relatorioVenda.ate')} data={filtro.ate} hoje={hoje} onChange={(ate) => alterar({ ate })} testid="estoque-ate" />
        </Group>
      </Paper>
      <EstadoRelatorio erro={lista.error} dados={documentos} vazio={(d) => d.length === 0 && t('estoqueDoc.nenhum')} vazioAjuda={t('estoqueDoc.nenhumAjuda')}>
        {() => (
          <Paper withBorder radius="md">
            <TabelaRelatorio colunas={colunas} linhas={registros} celula={celula} testid="estoque-documentos" linhaTestid="estoque-documento" minWidth={1000} />
          </Paper>
        )}
      </EstadoRelatorio>

      <GavetaLateral aberta={novo === '1'} fechar={() => setNovo(null)} titulo={t(`estoqueDoc.novo_${tipo}`)} testid="estoque-drawer" semFolgaEmbaixo>
        {() => (
          <DocumentoEstoqueForm
            tipo={tipo}
            locaisAtivos={ativos}
            nomesLocais={nomesLocais}
            onSalvo={() => {
              setNovo(null);
              atualizar();
            }}
          />
        )}
      </GavetaLateral>

      <DialogoEstorno
        key={estornarId ?? ''}
        opened={Boolean(estornarId && escolhido)}
        title={t('estoqueDoc.estornarTitulo', { numero: escolhido?.numero ?? '' })}
        texto={t('estoqueDoc.estornarTexto')}
        okLabel={t('estoqueDoc.estornar')}
        cancelLabel={t('estoqueDoc.cancelar')}
        motivoLabel={t('estoqueDoc.motivoEstorno')}
        motivoCurto={t('estoqueDoc.motivoEstornoCurto')}
        erro={estornar.error?.message ?? null}
        onLimparErro={estornar.reset}
        okLoading={estornar.isPending}
        onCancel={fecharEstorno}
        onConfirmar={(motivo) => escolhido && estornar.mutate({ id: escolhido._id, motivo })}
        prefixo="estoque"
      />
    </PaginaRelatorio>
  );
}
