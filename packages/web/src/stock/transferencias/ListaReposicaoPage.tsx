import { Alert, Button, Group, Paper, SegmentedControl, Select, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { qtd } from '@retaguarda/domain';
import { IconPrinter, IconSend } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { useUrlParam } from '../../app/useUrlParams.ts';
import { EstadoRelatorio, PaginaRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { usePermissoes } from '../../session/permissoes.ts';
import { useGeral } from '../../session/store.ts';
import { formatQtd, lerQuantidade } from '../formatoEstoque.ts';
import { pedidosApi, reposicaoApi } from './transferenciasApi.ts';

/**
 * estoqueGerarListaReposicao: what this store should ask for, from its minimums (?ate=minimo) or up to
 * its maximum as a par level (?ate=maximo, the default): each product below its minimum with the
 * balance, the open requests and the quantity to ask (editable). Printable; sent to the store that
 * supplies it (the transfer price table's, by default) as a transfer request.
 */
export default function ListaReposicaoPage() {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const empresaNome = useGeral((s) => s.empresa?.nomeFantasia);
  const { pode } = usePermissoes();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [ateUrl, setAte] = useUrlParam('ate');
  const ate = ateUrl === 'minimo' ? 'minimo' : 'maximo';
  const lista = useQuery({ queryKey: ['listaReposicao', empresa ?? '', ate], queryFn: ({ signal }) => reposicaoApi.lista(ate, signal), enabled: Boolean(empresa) });
  const [editadas, setEditadas] = useState<Record<string, string>>({});
  const [fornecedora, setFornecedora] = useState<string | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const escolhida = fornecedora ?? lista.data?.fornecedoraSugerida ?? null;
  const enviar = useMutation({
    mutationFn: () => {
      const itens = (lista.data?.linhas ?? []).flatMap((l) => {
        const texto = editadas[l.produto];
        const q = texto === undefined ? (qtd(l.quantidade) > 0n ? l.quantidade : null) : texto.trim() === '' || /^0+([.,]0*)?$/.test(texto.trim()) ? null : lerQuantidade(texto);
        if (texto !== undefined && texto.trim() !== '' && !/^0+([.,]0*)?$/.test(texto.trim()) && q === null) throw new Error(t('listaReposicao.quantidadeInvalida', { produto: l.descricao ?? '' }));
        return q ? [{ produto: l.produto, quantidade: q }] : [];
      });
      if (!itens.length) throw new Error(t('listaReposicao.nadaAPedir'));
      return pedidosApi.solicitar({ empresaFornecedora: escolhida ?? '', origem: 'reposicao', observacao: t('listaReposicao.observacaoPedido'), itens });
    },
    onSuccess: (p) => {
      void queryClient.invalidateQueries({ queryKey: ['listaReposicao'] });
      void queryClient.invalidateQueries({ queryKey: ['pedidosTransferencia'] });
      notifications.show({ color: 'green', message: t('pedidosTransferencia.solicitadoAviso', { numero: p.numero }) });
      navigate(`/solicitacaoPedidoTransferencia?pedido=${encodeURIComponent(p._id)}`);
    },
    onError: (e) => setErro(isApiError(e) || e instanceof Error ? e.message : String(e)),
  });

  return (
    <PaginaRelatorio
      testid="lista-reposicao"
      titulo={t('listaReposicao.titulo')}
      explicacao={t('listaReposicao.explicacao')}
      acoes={
        <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()} className="nao-imprimir" data-testid="reposicao-imprimir">
          {t('listaReposicao.imprimir')}
        </Button>
      }
    >
      <Paper withBorder p="md" radius="md" className="nao-imprimir">
        <Group align="flex-end" wrap="wrap">
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('listaReposicao.reporAte')}
            </Text>
            <SegmentedControl
              value={ate}
              onChange={(v) => setAte(v === 'maximo' ? null : v)}
              data={[
                { value: 'maximo', label: t('listaReposicao.ateMaximo') },
                { value: 'minimo', label: t('listaReposicao.ateMinimo') },
              ]}
              data-testid="reposicao-ate"
            />
          </div>
          <Select
            label={t('pedidosTransferencia.lojaFornecedora')}
            data={(lista.data?.lojas ?? []).map((l) => ({ value: l._id, label: l.nome }))}
            value={escolhida}
            onChange={setFornecedora}
            w={260}
            data-testid="reposicao-fornecedora"
          />
          {pode('solicitacaoPedidoTransferencia', 'criar') ? (
            <Button leftSection={<IconSend size={16} />} onClick={() => enviar.mutate()} loading={enviar.isPending} disabled={!lista.data?.linhas.length} data-testid="reposicao-enviar">
              {t('listaReposicao.enviarPedido')}
            </Button>
          ) : null}
        </Group>
      </Paper>
      {erro ? <Alert color="red">{erro}</Alert> : null}
      <EstadoRelatorio erro={lista.error} dados={lista.data} vazio={(d) => d.linhas.length === 0 && t('listaReposicao.vazia')} vazioAjuda={t('listaReposicao.vaziaAjuda')}>
        {(d) => (
          <Paper withBorder radius="md" p="md">
            <Text fw={600} mb="xs" data-testid="reposicao-cabecalho">
              {t('listaReposicao.cabecalhoImpresso', { loja: empresaNome ?? '', ate: ate === 'maximo' ? t('listaReposicao.ateMaximo') : t('listaReposicao.ateMinimo') })}
            </Text>
            <Table.ScrollContainer minWidth={760}>
              <Table striped data-testid="reposicao-tabela">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('transferencias.produto')}</Table.Th>
                    <Table.Th ta="right">{t('listaReposicao.saldo')}</Table.Th>
                    <Table.Th ta="right">{t('listaReposicao.minimo')}</Table.Th>
                    <Table.Th ta="right">{t('listaReposicao.maximo')}</Table.Th>
                    <Table.Th ta="right">{t('listaReposicao.emPedido')}</Table.Th>
                    <Table.Th ta="right">{t('listaReposicao.pedir')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.linhas.map((l) => (
                    <Table.Tr key={l.produto} data-testid="reposicao-linha">
                      <Table.Td>{l.descricao}</Table.Td>
                      <Table.Td ta="right" c="red">
                        {formatQtd(l.saldo, l.unidade)}
                      </Table.Td>
                      <Table.Td ta="right">{formatQtd(l.minimo, l.unidade)}</Table.Td>
                      <Table.Td ta="right">{formatQtd(l.maximo, l.unidade)}</Table.Td>
                      <Table.Td ta="right">{qtd(l.emPedido) > 0n ? formatQtd(l.emPedido, l.unidade) : ''}</Table.Td>
                      <Table.Td ta="right">
                        <TextInput
                          size="xs"
                          w={110}
                          ml="auto"
                          aria-label={t('listaReposicao.pedirDe', { produto: l.descricao ?? '' })}
                          value={editadas[l.produto] ?? formatQtd(l.quantidade)}
                          onChange={(e) => setEditadas((x) => ({ ...x, [l.produto]: e.currentTarget.value }))}
                          rightSection={<Text size="xs">{l.unidade}</Text>}
                          rightSectionWidth={36}
                          data-testid="reposicao-quantidade"
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}
