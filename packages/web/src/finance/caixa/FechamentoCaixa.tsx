import { Alert, Anchor, Badge, Button, Group, Paper, Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { conferirCaixa, rotulosMovimentoCaixa, rotulosSituacaoPeriodo, tiposMovimentoCaixa, type Campo, type LinhaConciliacaoCaixa, type ResumoCaixa, type TipoMovimentoCaixa } from '@retaguarda/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { ConfirmDialog } from '../../app/ConfirmDialog.tsx';
import { CampoReais } from '../../resources/CampoReais.tsx';
import { formatCentavos, parseCentavos } from '../../resources/format.ts';
import { EstadoRelatorio, PaginaRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../../sales/relatorios/TabelaRelatorio.tsx';
import { useGeral } from '../../session/store.ts';
import { dataHora } from '../../stock/formatoEstoque.ts';
import { caixaApi, caixaKeys, corSituacao } from './caixaApi.ts';
import { HistoricoReaberturas, ReabrirCaixa } from './ReaberturaCaixa.tsx';

/** A difference in colour: falta red, sobra teal, zero plain. */
function Diferenca({ valor }: { valor: number }) {
  const { t } = useTranslation();
  if (!valor) return <Text span inherit c="dimmed">{t('conciliacaoCaixa.confere')}</Text>;
  return (
    <Text span inherit fw={600} c={valor < 0 ? 'red.8' : 'teal.9'}>
      {t(valor < 0 ? 'conciliacaoCaixa.falta' : 'conciliacaoCaixa.sobra')} {formatCentavos(Math.abs(valor))}
    </Text>
  );
}

/** The closing of one period: per method what the system says and the operator counted, sangrias and suprimentos, approval. */
export function FechamentoCaixa({ periodo, voltar }: { periodo: string; voltar: () => void }) {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const queryClient = useQueryClient();
  const resumo = useQuery({ queryKey: [...caixaKeys.todas(empresa), 'resumo', periodo], queryFn: ({ signal }) => caixaApi.resumo(periodo, signal), enabled: Boolean(empresa) });
  const atualizar = () => void queryClient.invalidateQueries({ queryKey: caixaKeys.todas(empresa) });
  const r = resumo.data;

  return (
    <PaginaRelatorio
      testid="fechamento-caixa"
      titulo={t('tela.conciliacaoCaixa')}
      explicacao={r ? t('conciliacaoCaixa.tituloPeriodo', { caixa: r.periodo.caixaNome, abertura: dataHora(r.periodo.abertoEm) || r.periodo.dataAbertura }) : ''}
      acoes={
        <Group>
          {r ? <Badge size="lg" color={corSituacao[r.periodo.situacao]} variant="light" data-testid="fechamento-situacao">{rotulosSituacaoPeriodo[r.periodo.situacao]}</Badge> : null}
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={voltar} data-testid="fechamento-voltar">{t('conciliacaoCaixa.voltar')}</Button>
        </Group>
      }
    >
      <EstadoRelatorio erro={resumo.error} dados={r}>
        {(d) => (
          <Stack gap="lg">
            <Conferencia key={d.aprovacao?._id ?? 'aberta'} resumo={d} periodo={periodo} onAprovado={atualizar} />
            <Movimentos resumo={d} periodo={periodo} onSalvo={atualizar} />
          </Stack>
        )}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}

function Conferencia({ resumo: r, periodo, onAprovado }: { resumo: ResumoCaixa; periodo: string; onAprovado: () => void }) {
  const { t } = useTranslation();
  const [textos, setTextos] = useState<Record<string, string>>({});
  const [observacao, setObservacao] = useState('');
  const [confirmar, setConfirmar] = useState(false);
  const aprovado = r.aprovacao;
  const lidos = Object.fromEntries(Object.entries(textos).map(([k, v]) => [k, parseCentavos(v)]));
  const invalidos = new Set(Object.entries(lidos).filter(([, v]) => v === undefined || (typeof v === 'number' && v < 0)).map(([k]) => k));
  const declarado = Object.fromEntries(Object.entries(lidos).filter(([, v]) => typeof v === 'number' && v >= 0)) as Record<string, number>;
  const linhas: LinhaConciliacaoCaixa[] = aprovado?.linhas ?? conferirCaixa({ ...r, fundoTroco: r.periodo.fundoTroco }, declarado);
  const total = linhas.reduce((s, l) => s + l.diferenca, 0);
  const gaveta = linhas[0]!;

  const aprovar = useMutation({
    mutationFn: () => caixaApi.aprovar(periodo, { declarado, observacao }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('conciliacaoCaixa.aprovadoOk') });
      setConfirmar(false);
      onAprovado();
    },
  });

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <HistoricoReaberturas resumo={r} />
        {aprovado ? (
          <Alert color="teal" data-testid="fechamento-aprovado">
            {t('conciliacaoCaixa.aprovadoEm', { quando: dataHora(aprovado.aprovadoEm), quem: aprovado.usuarioNome ?? '—' })}
            {aprovado.observacao ? ` ${aprovado.observacao}` : ''}
          </Alert>
        ) : null}
        <Table.ScrollContainer minWidth={720}>
          <Table striped data-testid="fechamento-tabela">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('conciliacaoCaixa.forma')}</Table.Th>
                <Table.Th ta="right">{t('conciliacaoCaixa.vendido')}</Table.Th>
                <Table.Th ta="right">{t('conciliacaoCaixa.sistema')}</Table.Th>
                <Table.Th ta="right">{t('conciliacaoCaixa.declarado')}</Table.Th>
                <Table.Th ta="right">{t('conciliacaoCaixa.diferenca')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {linhas.map((l) => (
                <Table.Tr key={l.chave} data-testid="fechamento-linha">
                  <Table.Td>{l.descricao}</Table.Td>
                  <Table.Td ta="right">{formatCentavos(l.vendido)}</Table.Td>
                  <Table.Td ta="right" data-testid="fechamento-sistema">{formatCentavos(l.sistema)}</Table.Td>
                  <Table.Td ta="right">
                    {aprovado ? (
                      formatCentavos(l.declarado)
                    ) : (
                      <CampoReais
                        aria-label={`${t('conciliacaoCaixa.declarado')}: ${l.descricao}`}
                        valor={textos[l.chave] ?? ''}
                        alterar={(texto) => setTextos((x) => ({ ...x, [l.chave]: texto }))}
                        error={invalidos.has(l.chave) ? t('conciliacaoCaixa.valorInvalido') : undefined}
                        w={150}
                        ml="auto"
                        data-testid="fechamento-declarado"
                      />
                    )}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="fechamento-diferenca"><Diferenca valor={l.diferenca} /></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={4}>{t('conciliacaoCaixa.totalDiferenca')}</Table.Th>
                <Table.Th ta="right" data-testid="fechamento-diferenca-total"><Diferenca valor={total} /></Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" c="dimmed">
          {t('conciliacaoCaixa.gavetaAjuda', { fundo: formatCentavos(r.periodo.fundoTroco), vendido: formatCentavos(gaveta.vendido), sangrias: formatCentavos(r.sangrias), suprimentos: formatCentavos(r.suprimentos) })}
        </Text>
        {aprovado ? null : <ContasDiferenca resumo={r} />}
        {aprovado ? null : (
          <Group align="flex-end">
            <Textarea label={t('conciliacaoCaixa.observacao')} value={observacao} onChange={(e) => setObservacao(e.currentTarget.value)} maxLength={300} autosize minRows={1} style={{ flex: 1, minWidth: 220 }} data-testid="fechamento-observacao" />
            <Button color="teal" onClick={() => setConfirmar(true)} disabled={invalidos.size > 0} data-testid="fechamento-aprovar">{t('conciliacaoCaixa.aprovar')}</Button>
          </Group>
        )}
        {aprovar.error ? <Alert color="red" data-testid="fechamento-erro">{aprovar.error.message}</Alert> : null}
        {aprovado ? <ReabrirCaixa periodo={periodo} onReaberto={onAprovado} /> : null}
      </Stack>
      <ConfirmDialog
        opened={confirmar}
        title={t('conciliacaoCaixa.aprovarTitulo')}
        okLabel={t('conciliacaoCaixa.aprovar')}
        cancelLabel={t('conciliacaoCaixa.cancelar')}
        okColor="teal"
        okLoading={aprovar.isPending}
        onOk={() => aprovar.mutate()}
        onCancel={() => setConfirmar(false)}
        testIds={{ dialogo: 'fechamento-confirmar', ok: 'fechamento-confirmar-ok' }}
      >
        {t('conciliacaoCaixa.aprovarTexto', { vendido: formatCentavos(gaveta.vendido), diferenca: formatCentavos(gaveta.diferenca) })}
      </ConfirmDialog>
    </Paper>
  );
}

/** Where the approval posts the drawer's overage and shortage, and where the company changes that (its finance settings). */
function ContasDiferenca({ resumo: r }: { resumo: ResumoCaixa }) {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const { sobra, falta } = r.contasDiferenca;
  return (
    <Text size="sm" c="dimmed" data-testid="fechamento-contas-diferenca">
      {t('conciliacaoCaixa.contasDiferenca', { sobra: sobra.nome, falta: falta.nome })}{' '}
      {sobra.padrao && falta.padrao ? t('conciliacaoCaixa.contasDiferencaPadrao') : null}{' '}
      {empresa ? <Anchor component={Link} to={`/empresa?editar=${encodeURIComponent(empresa)}`} size="sm" data-testid="fechamento-contas-alterar">{t('conciliacaoCaixa.contasDiferencaAlterar')}</Anchor> : null}
    </Text>
  );
}

const colunasMovimentos = (t: (k: string) => string): Record<string, Campo> => ({
  tipoNome: { rotulo: t('conciliacaoCaixa.tipo'), tipo: 'texto' },
  valor: { rotulo: t('conciliacaoCaixa.valor'), tipo: 'dinheiro' },
  motivo: { rotulo: t('conciliacaoCaixa.motivo'), tipo: 'texto' },
  usuarioNome: { rotulo: t('conciliacaoCaixa.quem'), tipo: 'texto' },
  quando: { rotulo: t('conciliacaoCaixa.quando'), tipo: 'texto' },
});

function Movimentos({ resumo: r, periodo, onSalvo }: { resumo: ResumoCaixa; periodo: string; onSalvo: () => void }) {
  const { t } = useTranslation();
  const [tipo, setTipo] = useState<TipoMovimentoCaixa>('sangria');
  const [valor, setValor] = useState('');
  const [motivo, setMotivo] = useState('');
  const [erros, setErros] = useState<Record<string, string>>({});
  const salvar = useMutation({
    mutationFn: (centavos: number) => caixaApi.movimento(periodo, { tipo, valor: centavos, motivo }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('conciliacaoCaixa.movimentoOk', { tipo: rotulosMovimentoCaixa[tipo] }) });
      setValor('');
      setMotivo('');
      setErros({});
      onSalvo();
    },
    onError: (e) => setErros(isApiError(e) && e.campos ? e.campos : {}),
  });
  const enviar = () => {
    const centavos = parseCentavos(valor);
    if (typeof centavos !== 'number' || centavos <= 0) return setErros({ valor: t('conciliacaoCaixa.valorInvalido') });
    salvar.mutate(centavos);
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">{t('conciliacaoCaixa.movimentos')}</Title>
        {r.movimentos.length ? (
          <TabelaRelatorio
            colunas={colunasMovimentos(t)}
            linhas={r.movimentos.map((m) => ({ ...m, tipoNome: rotulosMovimentoCaixa[m.tipo], valor: m.tipo === 'sangria' ? -m.valor : m.valor, usuarioNome: m.usuarioNome ?? (m.usuario ? '—' : t('conciliacaoCaixa.peloTerminal')), quando: dataHora(m.registradoEm) }))}
            celula={(coluna, m) => (coluna === 'valor' ? <Text span inherit c={m.tipo === 'sangria' ? 'red.8' : 'teal.9'}>{formatCentavos(Number(m.valor))}</Text> : undefined)}
            testid="fechamento-movimentos"
            linhaTestid="fechamento-movimento"
            minWidth={640}
          />
        ) : (
          <Text size="sm" c="dimmed">{t('conciliacaoCaixa.semMovimentos')}</Text>
        )}
        {r.aprovacao ? null : (
          <Group align="flex-start" wrap="wrap">
            <Select label={t('conciliacaoCaixa.tipo')} data={tiposMovimentoCaixa.map((v) => ({ value: v, label: rotulosMovimentoCaixa[v] }))} value={tipo} onChange={(v) => v && setTipo(v as TipoMovimentoCaixa)} allowDeselect={false} w={150} data-testid="movimento-tipo" />
            <CampoReais label={t('conciliacaoCaixa.valor')} valor={valor} alterar={setValor} error={erros.valor} w={140} data-testid="movimento-valor" />
            <TextInput label={t('conciliacaoCaixa.motivo')} value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} error={erros.motivo} maxLength={200} style={{ flex: 1, minWidth: 200 }} data-testid="movimento-motivo" />
            <Button mt={25} onClick={enviar} loading={salvar.isPending} data-testid="movimento-adicionar">{t('conciliacaoCaixa.adicionar')}</Button>
          </Group>
        )}
        {salvar.error && !Object.keys(erros).length ? <Alert color="red">{salvar.error.message}</Alert> : null}
      </Stack>
    </Paper>
  );
}
