import { ActionIcon, Alert, Button, Card, Grid, Group, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import { arquivoDeEtiquetas } from '@retaguarda/domain';
import { IconDownload, IconInfoCircle, IconPrinter, IconTrash } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hojeIso } from '../../tax/useOlhoNoImposto.ts';
import { CampoInput } from '../../resources/CampoInput.tsx';
import { resourceKeys } from '../../resources/api.ts';
import { dataValida } from '../../resources/formValues.ts';
import { geralStore, useGeral } from '../../session/store.ts';
import { EtiquetaPrevia } from './EtiquetaPrevia.tsx';
import { etiquetasApi, validadePadrao, valoresDoProduto, type ImpressoraRegistro, type ModeloEtiquetaRegistro, type ProdutoEtiqueta } from './etiquetasApi.ts';
import { TituloSecao } from '../../resources/TituloSecao.tsx';

interface Linha {
  produto: ProdutoEtiqueta;
  copias: number;
}

function baixar(nome: string, conteudo: string) {
  const url = URL.createObjectURL(new Blob([conteudo], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = nome;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Printing labels: the label printer and the model chosen stay in the session (impressoraEtiqueta,
 * modeloEtiqueta, SPEC.md §3); products come with this company's price. A network printer prints
 * through the server (raw port 9100); one on USB, serial or Bluetooth gets the file to download.
 */
export function ImprimirEtiquetas() {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa);
  const impressora = useGeral((s) => s.impressoraEtiqueta as ImpressoraRegistro | null);
  const modelo = useGeral((s) => s.modeloEtiqueta as ModeloEtiquetaRegistro | null);
  const [busca, setBusca] = useState('');
  const [linhas, setLinhas] = useState<Linha[]>([]);
  // Dates as the form holds them ('aaaa-mm-dd', partial while typing); only complete ones are used.
  const [fabricacaoDigitada, setFabricacao] = useState(hojeIso());
  const [validadeDigitada, setValidade] = useState('');
  const fabricacao = dataValida(fabricacaoDigitada) ? fabricacaoDigitada : hojeIso();
  const validade = dataValida(validadeDigitada) ? validadeDigitada : null;

  // Under the resources' own option keys: saving a model or a printer on its screen refreshes these.
  const modelos = useQuery({ queryKey: [...resourceKeys.opcoes('modeloEtiqueta', empresa?._id), 'etiquetas'], queryFn: ({ signal }) => etiquetasApi.modelos(signal) });
  const impressoras = useQuery({ queryKey: [...resourceKeys.opcoes('impressora', empresa?._id), 'etiquetas'], queryFn: ({ signal }) => etiquetasApi.impressoras(signal) });
  const produtos = useQuery({ queryKey: ['etiquetas', 'produtos', busca], queryFn: ({ signal }) => etiquetasApi.produtos(busca, signal) });
  const ids = linhas.map((l) => l.produto._id);
  const precos = useQuery({ queryKey: ['etiquetas', 'precos', empresa?._id, ids], queryFn: ({ signal }) => etiquetasApi.precos(ids, signal), enabled: ids.length > 0 });

  const validadeFinal = validade ?? (modelo ? validadePadrao(fabricacao, modelo.validadeDias) : null);
  const valores = (p: ProdutoEtiqueta) => valoresDoProduto(p, precos.data?.[p._id], { fabricacao, validade: validadeFinal }, empresa?.nomeFantasia ?? '');
  const semPreco = linhas.filter((l) => precos.data && precos.data[l.produto._id] === undefined);
  // A label printed before the prices arrive would go out without its price: print and download wait for them.
  const aguardandoPrecos = ids.length > 0 && (precos.isPending || precos.isFetching);
  const prontoParaImprimir = !!modelo && linhas.length > 0 && !aguardandoPrecos && !precos.isError;
  const arquivo = (m: ModeloEtiquetaRegistro) => arquivoDeEtiquetas(m.codigo, m.linguagem, linhas.map((l) => ({ valores: valores(l.produto), copias: l.copias })));
  const imprimir = useMutation({
    mutationFn: ({ impressora: i, conteudo }: { impressora: ImpressoraRegistro; conteudo: string }) => etiquetasApi.imprimir(i._id, conteudo),
    onSuccess: (_r, { impressora: i }) => notifications.show({ color: 'green', message: t('etiquetas.enviadas', { count: linhas.reduce((s, l) => s + l.copias, 0), impressora: i.descricao }) }),
    onError: (e) => notifications.show({ color: 'red', message: e.message }),
  });
  const extensao = modelo?.linguagem === 'ZPL' ? 'zpl' : modelo?.linguagem === 'EPL' ? 'epl' : 'prn';

  return (
    <Card withBorder padding="md" data-testid="etiquetas-imprimir">
      <Stack gap="sm">
        <TituloSecao>{t('etiquetas.imprimirTitulo')}</TituloSecao>
        <Grid>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="sm">
              <Group grow>
                <Select
                  label={t('etiquetas.impressora')}
                  placeholder={t('etiquetas.escolhaImpressora')}
                  data={(impressoras.data ?? []).map((i) => ({ value: i._id, label: i.descricao }))}
                  value={impressora?._id ?? null}
                  onChange={(id) => geralStore.getState().patch({ impressoraEtiqueta: impressoras.data?.find((i) => i._id === id) ?? null })}
                  data-testid="etiquetas-impressora"
                />
                <Select
                  label={t('etiquetas.modelo')}
                  placeholder={t('etiquetas.escolhaModelo')}
                  data={(modelos.data ?? []).map((m) => ({ value: m._id, label: m.descricao }))}
                  value={modelo?._id ?? null}
                  onChange={(id) => geralStore.getState().patch({ modeloEtiqueta: modelos.data?.find((m) => m._id === id) ?? null })}
                  data-testid="etiquetas-modelo"
                />
              </Group>
              <Group grow>
                <CampoInput nome="etiquetas-fabricacao" campo={{ rotulo: t('etiquetas.fabricacao'), tipo: 'data' }} valor={fabricacaoDigitada} onChange={(v) => setFabricacao(String(v ?? ''))} />
                <CampoInput
                  nome="etiquetas-validade"
                  campo={{
                    rotulo: t('etiquetas.validade'),
                    tipo: 'data',
                    ajuda: modelo?.validadeDias !== null && modelo?.validadeDias !== undefined ? t('etiquetas.validadeModelo', { dias: modelo.validadeDias }) : t('etiquetas.validadeSemModelo'),
                  }}
                  valor={validadeDigitada || validadeFinal || ''}
                  onChange={(v) => setValidade(String(v ?? ''))}
                />
              </Group>
              <Select
                label={t('etiquetas.adicionarProduto')}
                placeholder={t('etiquetas.buscarProduto')}
                searchable
                data={(produtos.data ?? []).map((p) => ({ value: p._id, label: `${p.codigo} - ${p.descricao}` }))}
                filter={({ options }) => options}
                searchValue={busca}
                onSearchChange={setBusca}
                value={null}
                onChange={(id) => {
                  const p = produtos.data?.find((x) => x._id === id);
                  if (p && !linhas.some((l) => l.produto._id === p._id)) setLinhas((ls) => [...ls, { produto: p, copias: 1 }]);
                  setBusca('');
                }}
                data-testid="etiquetas-produto"
              />
              {linhas.length ? (
                <Table data-testid="etiquetas-linhas">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('etiquetas.produto')}</Table.Th>
                      <Table.Th w={110}>{t('etiquetas.copias')}</Table.Th>
                      <Table.Th w={40} />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {linhas.map((l, i) => (
                      <Table.Tr key={l.produto._id}>
                        <Table.Td>{l.produto.descricao}</Table.Td>
                        <Table.Td>
                          <NumberInput
                            size="xs"
                            min={1}
                            max={999}
                            allowDecimal={false}
                            aria-label={t('etiquetas.copiasDe', { produto: l.produto.descricao })}
                            value={l.copias}
                            onChange={(v) => setLinhas((ls) => ls.map((x, j) => (j === i ? { ...x, copias: Math.max(1, Math.min(999, Number(v) || 1)) } : x)))}
                          />
                        </Table.Td>
                        <Table.Td>
                          <ActionIcon variant="subtle" color="red" aria-label={t('etiquetas.remover', { produto: l.produto.descricao })} onClick={() => setLinhas((ls) => ls.filter((_, j) => j !== i))}>
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('etiquetas.nenhumProduto')}
                </Text>
              )}
              {precos.isError ? (
                <Alert color="red" data-testid="etiquetas-erro-precos">
                  {t('etiquetas.erroPrecos', { mensagem: precos.error.message })}
                </Alert>
              ) : null}
              {semPreco.length ? (
                <Alert color="yellow" data-testid="etiquetas-sem-preco">
                  {t('etiquetas.semPreco', { produtos: semPreco.map((l) => l.produto.descricao).join(', ') })}
                </Alert>
              ) : null}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="sm">
              <Text size="sm" fw={600}>
                {t('etiquetas.previa')}
              </Text>
              {modelo && linhas[0] ? <EtiquetaPrevia modelo={modelo} valores={valores(linhas[0].produto)} /> : <Text size="sm" c="dimmed">{t('etiquetas.previaVazia')}</Text>}
            </Stack>
          </Grid.Col>
        </Grid>
        {impressora && impressora.conexao !== 'Rede' ? (
          <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="etiquetas-sem-rede">
            {t('etiquetas.semRede', { impressora: impressora.descricao, conexao: impressora.conexao })}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            disabled={!prontoParaImprimir || impressora?.conexao !== 'Rede'}
            loading={imprimir.isPending || aguardandoPrecos}
            onClick={() => modelo && impressora && imprimir.mutate({ impressora, conteudo: arquivo(modelo) })}
            data-testid="etiquetas-imprimir-rede"
          >
            {t('etiquetas.imprimir')}
          </Button>
          <Button
            leftSection={<IconDownload size={16} />}
            disabled={!prontoParaImprimir}
            loading={aguardandoPrecos}
            onClick={() => modelo && baixar(`etiquetas-${fabricacao}.${extensao}`, arquivo(modelo))}
            data-testid="etiquetas-baixar"
          >
            {t('etiquetas.baixar', { extensao })}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
