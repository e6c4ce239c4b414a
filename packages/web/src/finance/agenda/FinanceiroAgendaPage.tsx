import { Badge, Button, Checkbox, Drawer, Group, Modal, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { breakpoints, fimDoMes, hojeNoFuso, statusParcelas, type Agenda, type Campo, type FiltroAgenda, type LinhaAgenda, type TipoTitulo } from '@retaguarda/domain';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlParam, useUrlParams } from '../../app/useUrlParams.ts';
import type { Registro } from '../../resources/exportar.ts';
import { formatCentavos } from '../../resources/format.ts';
import { useGeral } from '../../session/store.ts';
import { CampoDia } from '../../sales/dashboard/CampoDia.tsx';
import { EscolhaFiltro } from '../../sales/relatorios/EscolhaFiltro.tsx';
import { EstadoRelatorio, PaginaRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../../sales/relatorios/TabelaRelatorio.tsx';
import { useConsultaRelatorio } from '../../sales/relatorios/useConsultaRelatorio.ts';
import { financeiroKeys, useOpcoesPlano } from '../movimentacao/financeiroApi.ts';
import { calendarioKeys } from '../calendario/calendarioKeys.ts';
import { agendaKeys, corStatus } from './agendaApi.ts';
import { BaixaVariasForm } from './BaixaVariasForm.tsx';
import { TituloDetalhe } from './TituloDetalhe.tsx';
import { TituloForm } from './TituloForm.tsx';

const DATA = /^\d{4}-\d{2}-\d{2}$/;

/**
 * financeiroAgenda: the company's payables or receivables installment by installment (filters in the
 * URL: ?tipo=pagar|receber&de=&ate=&status=&planoConta=&busca=), the filter's totals, a drawer to create
 * a título (?novo=1) and one to open it (?titulo=; settle ?baixar=<parcela>, reverse, attach, edit, cancel).
 * Open installments can be chosen and settled together ("Baixar selecionadas"); the choice is the page's,
 * of the kind shown, and is cleared when the kind changes or after settling.
 */
export default function FinanceiroAgendaPage() {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const estreito = useMediaQuery(`(max-width: ${breakpoints.sm}px)`);
  const [params, setParams] = useUrlParams();
  const [novo, setNovo] = useUrlParam('novo');
  const [tituloId, setTituloId] = useUrlParam('titulo');
  const [baixar, setBaixar] = useUrlParam('baixar');
  const queryClient = useQueryClient();
  const hoje = hojeNoFuso();
  const inicioMes = `${hoje.slice(0, 8)}01`;
  const alterar = (m: Record<string, string | null>) =>
    setParams((p) => {
      const proximo = new URLSearchParams(p);
      for (const [k, v] of Object.entries(m)) if (v === null || v === '') proximo.delete(k); else proximo.set(k, v);
      return proximo;
    });
  const [busca, setBusca] = useState(params.get('busca') ?? '');
  const buscar = useDebouncedCallback((v: string) => alterar({ busca: v.trim() || null }), 300);

  const tipo: TipoTitulo = params.get('tipo') === 'receber' ? 'receber' : 'pagar';
  const de = DATA.test(params.get('de') ?? '') ? params.get('de')! : inicioMes;
  const ate = DATA.test(params.get('ate') ?? '') ? params.get('ate')! : fimDoMes(hoje);
  const statusParam = params.get('status');
  const status = (statusParcelas as readonly string[]).includes(statusParam ?? '') ? (statusParam as FiltroAgenda['status']) : undefined;
  const planoConta = params.get('planoConta') || null;
  const filtro: FiltroAgenda = { tipo, de, ate, ...(status ? { status } : {}), ...(planoConta ? { planoConta } : {}), ...(params.get('busca') ? { busca: params.get('busca')! } : {}), limite: 2000 };
  // Under the agenda's key (agendaKeys.todas: financeiroAgenda, company), so a change made in a drawer asks it again.
  const lista = useConsultaRelatorio<Agenda>('financeiroAgenda/lista', filtro, { chave: 'financeiroAgenda' });
  const planos = useOpcoesPlano().data ?? [];
  const [escolhidas, setEscolhidas] = useState<ReadonlySet<string>>(new Set());
  const [baixarVarias, setBaixarVarias] = useState(false);
  // Only what is listed and still open counts: a filter change leaves nothing hidden chosen.
  const abertas = (lista.dados?.linhas ?? []).filter((l) => l.aBaixar > 0 && l.tipo === tipo);
  const selecionadas = abertas.filter((l) => escolhidas.has(l._id));
  const totalSelecionado = selecionadas.reduce((s, l) => s + l.aBaixar, 0);
  const alternar = (id: string) => setEscolhidas((e) => { const n = new Set(e); if (n.has(id)) n.delete(id); else n.add(id); return n; });
  const atualizar = () => {
    void queryClient.invalidateQueries({ queryKey: agendaKeys.todas(empresa) });
    // A settlement moves an account: the movements screen and the calendar read again.
    void queryClient.invalidateQueries({ queryKey: financeiroKeys.todas(empresa) });
    void queryClient.invalidateQueries({ queryKey: calendarioKeys.todas(empresa) });
  };

  const colunas: Record<string, Campo> = {
    escolher: { rotulo: t('agenda.escolher'), tipo: 'texto' },
    vencimento: { rotulo: t('agenda.vencimento'), tipo: 'data' },
    descricao: { rotulo: t('agenda.descricao'), tipo: 'texto' },
    pessoaNome: { rotulo: t('agenda.pessoa'), tipo: 'texto' },
    planoContaNome: { rotulo: t('agenda.planoConta'), tipo: 'texto' },
    parcelaTexto: { rotulo: t('agenda.parcela'), tipo: 'texto' },
    valor: { rotulo: t('agenda.valor'), tipo: 'dinheiro' },
    aberto: { rotulo: t('agenda.aberto'), tipo: 'dinheiro' },
    status: { rotulo: t('agenda.situacao'), tipo: 'texto' },
    acoes: { rotulo: t('agenda.acoes'), tipo: 'texto' },
  };
  const registros: Registro[] = (lista.dados?.linhas ?? []).map((l) => ({ ...l, pessoaNome: l.pessoaNome ?? '', planoContaNome: l.planoContaNome ?? '', parcelaTexto: `${l.numero}/${l.parcelas}` }));
  const celula = (coluna: string, r: Registro) => {
    const l = r as unknown as LinhaAgenda;
    if (coluna === 'escolher')
      return l.aBaixar > 0 ? <Checkbox checked={escolhidas.has(l._id)} onChange={() => alternar(l._id)} aria-label={t('agenda.escolherParcela', { parcela: `${l.numero}/${l.parcelas}`, descricao: l.descricao })} data-testid="agenda-escolher" /> : null;
    if (coluna === 'status') return <Badge color={corStatus[l.status]} variant="light" miw="max-content" data-testid="agenda-status">{t(`agenda.status.${l.status}`)}</Badge>;
    if (coluna === 'acoes')
      return (
        <Group gap={4} wrap="nowrap">
          {l.aBaixar > 0 ? <Button size="compact-sm" variant="light" onClick={() => alterar({ titulo: l.titulo, baixar: l._id })} data-testid="agenda-linha-baixar">{t('agenda.baixar')}</Button> : null}
          <Button size="compact-sm" variant="subtle" onClick={() => setTituloId(l.titulo)} data-testid="agenda-abrir">{t('agenda.abrir')}</Button>
        </Group>
      );
    return undefined;
  };
  const titulo = lista.dados?.linhas.find((l) => l.titulo === tituloId);

  return (
    <PaginaRelatorio
      testid="financeiro-agenda"
      titulo={t('tela.financeiroAgenda')}
      explicacao={t('agenda.explicacao')}
      acoes={<Button leftSection={<IconPlus size={16} />} onClick={() => setNovo('1')} data-testid="agenda-novo">{t(tipo === 'pagar' ? 'agenda.novoPagar' : 'agenda.novoReceber')}</Button>}
    >
      <Paper withBorder p="md" radius="md" className="nao-imprimir">
        <Group align="flex-end" wrap="wrap">
          <SegmentedControl value={tipo} onChange={(v) => { setEscolhidas(new Set()); alterar({ tipo: v === 'pagar' ? null : v }); }} data={[{ value: 'pagar', label: t('agenda.pagar') }, { value: 'receber', label: t('agenda.receber') }]} data-testid="agenda-tipo" />
          <CampoDia rotulo={t('agenda.de')} data={de} hoje={hoje} onChange={(v) => alterar({ de: v })} testid="agenda-de" />
          <CampoDia rotulo={t('agenda.ate')} data={ate} hoje={hoje} onChange={(v) => alterar({ ate: v })} testid="agenda-ate" />
          <Select label={t('agenda.situacao')} placeholder={t('agenda.todas')} data={statusParcelas.map((s) => ({ value: s, label: t(`agenda.status.${s}`) }))} value={status ?? null} onChange={(v) => alterar({ status: v })} clearable w={150} data-testid="agenda-filtro-status" />
          <EscolhaFiltro multipla={false} rotulo={t('agenda.planoConta')} todos={t('agenda.todoPlano')} opcoes={planos} valor={planoConta} alterar={(v) => alterar({ planoConta: v })} largura={220} busca testid="agenda-filtro-plano" />
          <TextInput label={t('agenda.busca')} value={busca} onChange={(e) => { setBusca(e.currentTarget.value); buscar(e.currentTarget.value); }} w={200} data-testid="agenda-busca" />
        </Group>
      </Paper>
      <EstadoRelatorio erro={lista.erro} dados={lista.dados} vazio={(x) => x.linhas.length === 0 && t('agenda.nenhum')} vazioAjuda={t('agenda.nenhumAjuda')}>
        {(x) => (
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 2, md: 4 }} data-testid="agenda-totais">
              {([['totalValor', x.valor, undefined], ['totalPago', x.pago, 'teal.9'], ['totalAberto', x.aberto, undefined], ['totalVencido', x.vencido, 'red.8']] as const).map(([k, v, cor]) => (
                <Paper key={k} withBorder p="sm" radius="md">
                  <Text size="sm" c="dimmed">{t(`agenda.${k}`)}</Text>
                  <Text fz={20} fw={700} c={v ? cor : undefined} data-testid={`agenda-${k}`}>{formatCentavos(v)}</Text>
                </Paper>
              ))}
            </SimpleGrid>
            {abertas.length ? (
              <Group justify="flex-end" gap="xs" className="nao-imprimir">
                {selecionadas.length < abertas.length ? <Button variant="subtle" onClick={() => setEscolhidas(new Set(abertas.map((l) => l._id)))} data-testid="agenda-escolher-todas">{t('agenda.escolherTodas', { n: abertas.length })}</Button> : null}
                {selecionadas.length ? <Button variant="subtle" onClick={() => setEscolhidas(new Set())}>{t('agenda.limparSelecao')}</Button> : null}
                {selecionadas.length ? <Button onClick={() => setBaixarVarias(true)} data-testid="agenda-baixar-selecionadas">{t('agenda.baixarSelecionadas', { n: selecionadas.length, total: formatCentavos(totalSelecionado) })}</Button> : null}
              </Group>
            ) : null}
            <Paper withBorder radius="md">
              <TabelaRelatorio colunas={colunas} linhas={registros} celula={celula} testid="agenda-tabela" linhaTestid="agenda-linha" minWidth={1100} />
            </Paper>
          </Stack>
        )}
      </EstadoRelatorio>

      <Drawer opened={novo === '1'} onClose={() => setNovo(null)} position="right" size={estreito ? '100%' : 'lg'} title={<Text fw={600} size="lg">{t(tipo === 'pagar' ? 'agenda.novoPagar' : 'agenda.novoReceber')}</Text>} closeButtonProps={{ 'aria-label': t('agenda.fechar') }} data-testid="agenda-drawer">
        {novo === '1' ? <TituloForm tipo={tipo} hoje={hoje} onSalvo={(id) => { alterar({ novo: null, titulo: id }); atualizar(); }} /> : null}
      </Drawer>
      <Drawer opened={Boolean(tituloId)} onClose={() => alterar({ titulo: null, baixar: null })} position="right" size={estreito ? '100%' : 'xl'} title={<Text fw={600} size="lg">{titulo?.descricao ?? t('tela.financeiroAgenda')}</Text>} closeButtonProps={{ 'aria-label': t('agenda.fechar') }} data-testid="agenda-titulo-drawer">
        {tituloId ? <TituloDetalhe id={tituloId} hoje={hoje} baixarParcela={baixar} setBaixarParcela={setBaixar} onMudou={atualizar} /> : null}
      </Drawer>
      <Modal opened={baixarVarias && selecionadas.length > 0} onClose={() => setBaixarVarias(false)} title={t('agenda.baixarVariasTitulo', { n: selecionadas.length })} size="xl" fullScreen={estreito}>
        {baixarVarias ? <BaixaVariasForm parcelas={selecionadas} tipo={tipo} hoje={hoje} onBaixado={() => { setBaixarVarias(false); setEscolhidas(new Set()); atualizar(); }} /> : null}
      </Modal>
    </PaginaRelatorio>
  );
}
