import { Alert, Badge, Button, Checkbox, Grid, Group, Paper, Radio, Table, Text } from '@mantine/core';
import { IconArrowBackUp, IconCreditCard, IconLink, IconPlus, IconWand } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCentavos, formatData } from '../../resources/format.ts';
import { TituloSecao } from '../../resources/TituloSecao.tsx';
import { CriarMovimentoModal } from './CriarMovimentoModal.tsx';
import { RecebivelModal } from './RecebivelModal.tsx';
import type { LinhaExtrato } from './conciliacaoApi.ts';
import type { useConciliacao } from './useConciliacao.ts';
import type { useConciliacaoBancaria } from './useConciliacaoBancaria.ts';

type C = ReturnType<typeof useConciliacaoBancaria>;
type M = ReturnType<typeof useConciliacao>;

const Valor = ({ centavos }: { centavos: number }) => (
  <Table.Td ta="right" c={centavos < 0 ? 'red.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
    {formatCentavos(centavos)}
  </Table.Td>
);

/**
 * A titled table of the screen: while it has no rows (`linhas`), "loading" or the empty text; else the
 * date, description and amount columns with a selection column before (`escolha`) and more after
 * (`depois`), then a footer.
 */
function TabelaSecao(p: { titulo: string; linhas: number; carregando?: boolean; vazio: string; testid: string; escolha?: boolean; depois?: string[]; minWidth?: number; rodape?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" h="100%">
      <TituloSecao mb="sm">{p.titulo}</TituloSecao>
      {p.linhas === 0 ? (
        <Text c="dimmed" size="sm">
          {p.carregando ? t('conciliacao.carregando') : p.vazio}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={p.minWidth ?? 420} mah={480}>
          <Table striped highlightOnHover data-testid={p.testid}>
            <Table.Thead>
              <Table.Tr>
                {p.escolha ? <Table.Th w={32} /> : null}
                <Table.Th>{t('conciliacao.data')}</Table.Th>
                <Table.Th>{t('conciliacao.descricao')}</Table.Th>
                <Table.Th ta="right">{t('conciliacao.valor')}</Table.Th>
                {(p.depois ?? []).map((d, i) => (
                  <Table.Th key={i}>{d}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{p.children}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {p.rodape}
    </Paper>
  );
}

/** "Conciliar automaticamente", then the open lines beside the open movements: pick a line and the movements that sum to it. */
export function ConciliacaoLinhas({ c, m }: { c: C; m: M }) {
  const { t } = useTranslation();
  const [criarDe, setCriarDe] = useState<LinhaExtrato | null>(null);
  const [recebivelDe, setRecebivelDe] = useState<LinhaExtrato | null>(null);
  const linhas = c.extrato.data?.linhas ?? [];
  const abertas = linhas.filter((l) => !l.conciliada);
  const movimentos = m.abertos.data ?? [];
  return (
    <>
      <Paper withBorder p="md">
        <Group justify="space-between" align="center">
          <Text size="sm" c="dimmed" maw={640}>
            {t('conciliacaoBancaria.automaticaExplicacao')}
          </Text>
          <Button leftSection={<IconWand size={18} />} onClick={() => m.automatica.mutate()} loading={m.automatica.isPending} data-testid="conciliacao-automatica">
            {t('conciliacaoBancaria.automatica')}
          </Button>
        </Group>
        {m.automatica.data ? (
          <Alert color="teal" mt="sm" data-testid="conciliacao-automatica-resultado">
            {t('conciliacaoBancaria.automaticaResultado', { count: m.automatica.data.conciliadas })}
          </Alert>
        ) : null}
        {c.resultado ? (
          <Text size="sm" mt="xs" data-testid="conciliacao-importacao-conciliadas">
            {t('conciliacaoBancaria.aposImportar', { count: c.resultado.conciliadas })}
          </Text>
        ) : null}
        {m.erro ? (
          <Alert color="red" mt="sm" data-testid="conciliacao-erro-acao">
            {m.erro}
          </Alert>
        ) : null}
      </Paper>
      <Grid>
        <Grid.Col span={{ base: 12, xl: 6 }}>
          <TabelaSecao
            titulo={t('conciliacaoBancaria.linhasAbertas', { count: abertas.length })}
            linhas={abertas.length}
            carregando={c.extrato.isLoading}
            vazio={t('conciliacaoBancaria.nenhumaAberta')}
            testid="conciliacao-abertas"
            escolha
            depois={['']}
          >
            {abertas.map((l) => (
              <Table.Tr key={l._id} data-testid="conciliacao-aberta" bg={m.linha?._id === l._id ? 'var(--mantine-primary-color-light)' : undefined}>
                <Table.Td>
                  <Radio checked={m.linha?._id === l._id} onChange={() => m.escolherLinha(l._id)} aria-label={t('conciliacaoBancaria.escolherLinha', { descricao: l.memo || l.nome, data: formatData(l.data) })} />
                </Table.Td>
                <Table.Td>{formatData(l.data)}</Table.Td>
                <Table.Td>{l.memo || l.nome}</Table.Td>
                <Valor centavos={l.valor} />
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="compact-xs" variant="subtle" leftSection={<IconPlus size={14} />} onClick={() => setCriarDe(l)} data-testid="conciliacao-criar-movimento">
                      {t('conciliacaoBancaria.criarMovimento')}
                    </Button>
                    {l.valor > 0 ? (
                      <Button size="compact-xs" variant="subtle" leftSection={<IconCreditCard size={14} />} onClick={() => setRecebivelDe(l)} data-testid="conciliacao-abrir-recebivel">
                        {t('conciliacaoBancaria.recebivel')}
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </TabelaSecao>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 6 }}>
          <TabelaSecao
            titulo={t('conciliacaoBancaria.movimentosAbertos', { count: movimentos.length })}
            linhas={movimentos.length}
            carregando={m.abertos.isLoading}
            vazio={t('conciliacaoBancaria.nenhumMovimento')}
            testid="conciliacao-movimentos"
            escolha
            rodape={
              <Group justify="space-between" mt="sm">
                <Text size="sm" data-testid="conciliacao-soma">
                  {m.linha
                    ? t('conciliacaoBancaria.somaContraLinha', { soma: formatCentavos(m.soma), linha: formatCentavos(m.linha.valor) })
                    : t('conciliacaoBancaria.soma', { soma: formatCentavos(m.soma) })}
                </Text>
                <Button leftSection={<IconLink size={18} />} disabled={!m.podeConciliar} onClick={() => m.manual.mutate()} loading={m.manual.isPending} data-testid="conciliacao-manual">
                  {t('conciliacaoBancaria.conciliarSelecionados')}
                </Button>
              </Group>
            }
          >
            {movimentos.map((mov) => (
              <Table.Tr key={mov._id} data-testid="conciliacao-movimento">
                <Table.Td>
                  <Checkbox checked={m.movimentos.includes(mov._id)} onChange={() => m.alternarMovimento(mov._id)} aria-label={t('conciliacaoBancaria.escolherMovimento', { descricao: mov.descricao, data: formatData(mov.data) })} />
                </Table.Td>
                <Table.Td>{formatData(mov.data)}</Table.Td>
                <Table.Td>{mov.descricao}</Table.Td>
                <Valor centavos={mov.valor} />
              </Table.Tr>
            ))}
          </TabelaSecao>
        </Grid.Col>
      </Grid>
      <LinhasConciliadas c={c} m={m} />
      <CriarMovimentoModal linha={criarDe} m={m} onClose={() => setCriarDe(null)} />
      <RecebivelModal linha={recebivelDe} conta={c.conta} m={m} onClose={() => setRecebivelDe(null)} />
    </>
  );
}

/** The reconciled lines, how each was matched, and the way back. */
function LinhasConciliadas({ c, m }: { c: C; m: M }) {
  const { t } = useTranslation();
  const conciliadas = (c.extrato.data?.linhas ?? []).filter((l) => l.conciliada);
  return (
    <TabelaSecao
      titulo={t('conciliacaoBancaria.linhasConciliadas', { count: conciliadas.length })}
      linhas={conciliadas.length}
      vazio={t('conciliacaoBancaria.nenhumaConciliada')}
      testid="conciliacao-conciliadas"
      depois={[t('conciliacaoBancaria.como'), '']}
      minWidth={640}
    >
      {conciliadas.map((l) => (
        <Table.Tr key={l._id} data-testid="conciliacao-conciliada">
          <Table.Td>{formatData(l.data)}</Table.Td>
          <Table.Td>{l.memo || l.nome}</Table.Td>
          <Valor centavos={l.valor} />
          <Table.Td>
            <Badge color="teal" variant="light">
              {t(`conciliacaoBancaria.origem.${l.conciliacao!.origem}`)}
            </Badge>
            {l.conciliacao!.previstoLiquido !== null ? (
              <Text span size="xs" c="dimmed" ml="xs">
                {t(l.conciliacao!.antecipada ? 'conciliacaoBancaria.previstoAntecipacao' : 'conciliacaoBancaria.previsto', { valor: formatCentavos(l.conciliacao!.previstoLiquido), data: formatData(l.conciliacao!.recebivelData!) })}
              </Text>
            ) : null}
          </Table.Td>
          <Table.Td>
            <Button size="compact-xs" variant="subtle" color="red" leftSection={<IconArrowBackUp size={14} />} onClick={() => m.desfazer.mutate(l._id)} data-testid="conciliacao-desfazer">
              {t('conciliacaoBancaria.desfazer')}
            </Button>
          </Table.Td>
        </Table.Tr>
      ))}
    </TabelaSecao>
  );
}
