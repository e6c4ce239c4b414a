import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { somarDias, type Campo, type QuantoVence, type ResumoFinanceiro } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUrlParams } from '../../app/useUrlParams.ts';
import type { Registro } from '../../resources/exportar.ts';
import { formatCentavos, formatData } from '../../resources/format.ts';
import { EscolhaFiltro } from '../../sales/relatorios/EscolhaFiltro.tsx';
import { EstadoRelatorio, PaginaRelatorio, SecaoRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../../sales/relatorios/TabelaRelatorio.tsx';
import { useConsultaRelatorio } from '../../sales/relatorios/useConsultaRelatorio.ts';
import { useLojasFiltro } from '../relatorios/useLojasFiltro.ts';
import { FluxoCaixaGrafico } from './FluxoCaixaGrafico.tsx';

/** A figure card of the dashboard; with `para`, the whole card opens that address. */
function Cartao({ testid, titulo, valor, detalhe, cor, para }: { testid: string; titulo: string; valor: string; detalhe?: string; cor?: string | undefined; para?: string }) {
  const conteudo = (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {titulo}
      </Text>
      <Text fz={{ base: 18, sm: 24 }} fw={700} c={cor} style={{ whiteSpace: 'nowrap' }} data-testid={`${testid}-valor`}>
        {valor}
      </Text>
      {detalhe ? (
        <Text size="xs" c="dimmed" data-testid={`${testid}-detalhe`}>
          {detalhe}
        </Text>
      ) : null}
    </Stack>
  );
  return (
    <Paper withBorder p="md" radius="md" data-testid={testid} style={para ? { cursor: 'pointer' } : undefined}>
      {para ? (
        <Anchor component={Link} to={para} underline="never" c="inherit" data-testid={`${testid}-link`} style={{ display: 'block' }}>
          {conteudo}
        </Anchor>
      ) : (
        conteudo
      )}
    </Paper>
  );
}

const colunasContas = {
  nome: { rotulo: 'Conta', tipo: 'texto' },
  tipo: { rotulo: 'Tipo', tipo: 'texto' },
  empresaNome: { rotulo: 'Loja', tipo: 'texto' },
  saldo: { rotulo: 'Saldo', tipo: 'dinheiro' },
} as const satisfies Record<string, Campo>;

/**
 * financeiroResumo, the finance dashboard of the stores chosen (?empresa=…, none: all the user may
 * use): the balance of each account, what falls due today and what is overdue (each opening the
 * agenda filtered), and 90 days of cash flow, realised up to today and projected after it.
 */
export default function FinanceiroResumoPage() {
  const { t } = useTranslation();
  const [params, setParams] = useUrlParams();
  const empresas = params.getAll('empresa');
  const { lojas, carregando } = useLojasFiltro();
  const { dados: r, erro } = useConsultaRelatorio<ResumoFinanceiro>('financeiroResumo', { empresas });
  const escolherLojas = (v: string[]) =>
    setParams((p) => {
      const proximo = new URLSearchParams(p);
      proximo.delete('empresa');
      for (const id of v) proximo.append('empresa', id);
      return proximo;
    });
  const parcelas = (q: QuantoVence) => t('resumoFinanceiro.parcelas', { count: q.quantidade });
  return (
    <PaginaRelatorio
      testid="financeiro-resumo"
      titulo={t('tela.financeiroResumo')}
      explicacao={t('resumoFinanceiro.explicacao')}
      acoes={<EscolhaFiltro multipla rotulo={t('resumoFinanceiro.lojas')} todos={t('resumoFinanceiro.todasLojas')} opcoes={lojas} carregando={carregando} valor={empresas} alterar={escolherLojas} largura={240} larguraMaxima={520} busca testid="resumo-lojas" />}
    >
      <EstadoRelatorio erro={erro} dados={r}>
        {(d) => {
          const agenda = (tipo: 'pagar' | 'receber', vencido: boolean) =>
            vencido ? `/financeiroAgenda?tipo=${tipo}&status=vencida&de=${somarDias(d.hoje, -3650)}&ate=${somarDias(d.hoje, -1)}` : `/financeiroAgenda?tipo=${tipo}&de=${d.hoje}&ate=${d.hoje}`;
          const ultimo = d.fluxo.at(-1);
          const negativo = d.fluxo.find((x) => x.previsto && x.saldo < 0);
          const contas: Registro[] = d.contas.map((c) => ({ ...c, _id: c.conta }));
          const totalContas: Registro = { _id: 'total', nome: t('taxasCartao.total'), saldo: d.saldoTotal };
          return (
            <>
              <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
                <Cartao testid="resumo-saldo" titulo={t('resumoFinanceiro.saldoTotal')} valor={formatCentavos(d.saldoTotal)} detalhe={t('resumoFinanceiro.contas', { count: d.contas.length })} cor={d.saldoTotal < 0 ? 'red' : undefined} />
                <Cartao testid="resumo-pagar-hoje" titulo={t('resumoFinanceiro.pagarHoje')} valor={formatCentavos(d.pagar.hoje.valor)} detalhe={parcelas(d.pagar.hoje)} para={agenda('pagar', false)} />
                <Cartao testid="resumo-receber-hoje" titulo={t('resumoFinanceiro.receberHoje')} valor={formatCentavos(d.receber.hoje.valor)} detalhe={parcelas(d.receber.hoje)} para={agenda('receber', false)} />
                <Cartao testid="resumo-pagar-vencido" titulo={t('resumoFinanceiro.pagarVencido')} valor={formatCentavos(d.pagar.vencido.valor)} detalhe={parcelas(d.pagar.vencido)} cor={d.pagar.vencido.valor ? 'red' : undefined} para={agenda('pagar', true)} />
                <Cartao testid="resumo-receber-vencido" titulo={t('resumoFinanceiro.receberVencido')} valor={formatCentavos(d.receber.vencido.valor)} detalhe={parcelas(d.receber.vencido)} cor={d.receber.vencido.valor ? 'orange' : undefined} para={agenda('receber', true)} />
              </SimpleGrid>
              <SecaoRelatorio titulo={t('resumoFinanceiro.fluxo')} ajuda={t('resumoFinanceiro.fluxoAjuda')} testid="resumo-fluxo">
                <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md">
                  <Resumo
                    testid="resumo-realizado"
                    titulo={t('resumoFinanceiro.realizado')}
                    linhas={[
                      [t('resumoFinanceiro.entradas'), formatCentavos(d.realizado.entradas), 'teal'],
                      [t('resumoFinanceiro.saidas'), formatCentavos(-d.realizado.saidas), 'red'],
                    ]}
                  />
                  <Resumo
                    testid="resumo-previsto"
                    titulo={t('resumoFinanceiro.previsto')}
                    linhas={[
                      [t('resumoFinanceiro.entradas'), formatCentavos(d.previsto.entradas), 'teal'],
                      [t('resumoFinanceiro.cartoes'), formatCentavos(d.previsto.cartoes), undefined],
                      [t('resumoFinanceiro.agendados'), formatCentavos(d.previsto.agendado), d.previsto.agendado ? 'grape' : undefined],
                      [t('resumoFinanceiro.saidas'), formatCentavos(-d.previsto.saidas), 'red'],
                    ]}
                  />
                  <Resumo testid="resumo-saldo-final" titulo={t('resumoFinanceiro.saldoFinal', { data: formatData(ultimo?.data ?? d.hoje) })} linhas={[[t('resumoFinanceiro.saldo'), formatCentavos(ultimo?.saldo ?? d.saldoTotal), (ultimo?.saldo ?? 0) < 0 ? 'red' : undefined]]} />
                </SimpleGrid>
                {negativo ? (
                  <Alert color="red" mb="sm" data-testid="resumo-alerta-negativo">
                    {t('resumoFinanceiro.saldoNegativo', { data: formatData(negativo.data), valor: formatCentavos(negativo.saldo) })}
                  </Alert>
                ) : null}
                <FluxoCaixaGrafico dias={d.fluxo} hoje={d.hoje} />
              </SecaoRelatorio>
              <SecaoRelatorio titulo={t('resumoFinanceiro.contas')} testid="resumo-contas" vazia={!contas.length && t('resumoFinanceiro.semContas')}>
                <TabelaRelatorio colunas={colunasContas} linhas={contas} totais={totalContas} testid="resumo-contas-tabela" linhaTestid="resumo-conta" minWidth={560} />
              </SecaoRelatorio>
            </>
          );
        }}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}

function Resumo({ testid, titulo, linhas }: { testid: string; titulo: string; linhas: [string, string, string | undefined][] }) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid={testid}>
      <Text size="sm" fw={600} mb={4}>
        {titulo}
      </Text>
      {linhas.map(([rotulo, valor, cor]) => (
        <Group key={rotulo} justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {rotulo}
          </Text>
          <Text size="sm" fw={600} c={cor}>
            {valor}
          </Text>
        </Group>
      ))}
    </Paper>
  );
}
