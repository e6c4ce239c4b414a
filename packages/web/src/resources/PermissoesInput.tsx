import { Accordion, Badge, Button, Checkbox, Group, Input, Paper, Table, Text } from '@mantine/core';
import { acoesDaTela, acoesTela, areaKeys, areas, normalizarAcoes, rotulosAcaoTela, screens, type AcaoTela, type Area, type Screen } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';

export type TelasPermissoes = Record<string, AcaoTela[]>;

/** The grid's value with a change to some screens' actions; screens left without any action drop out. */
function alterar(valor: TelasPermissoes, telas: readonly Screen[], acao: AcaoTela, marcada: boolean): TelasPermissoes {
  const novo = { ...valor };
  for (const tela of telas) {
    if (!acoesDaTela(tela).includes(acao)) continue;
    const acoes = normalizarAcoes(novo[tela.name] ?? [], { acao, marcada });
    if (acoes.length) novo[tela.name] = acoes;
    else delete novo[tela.name];
  }
  return novo;
}

/** Whether every screen of the list that has the action has it: true, false, or 'algumas'. */
function estado(valor: TelasPermissoes, telas: readonly Screen[], acao: AcaoTela): boolean | 'algumas' {
  const aplicaveis = telas.filter((t) => acoesDaTela(t).includes(acao));
  const marcadas = aplicaveis.filter((t) => valor[t.name]?.includes(acao)).length;
  if (marcadas === 0) return false;
  return marcadas === aplicaveis.length ? true : 'algumas';
}

function AreaGrid({ area, valor, onChange, disabled }: { area: Area; valor: TelasPermissoes; onChange: (v: TelasPermissoes) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const telas = screens.filter((s) => s.area === area);
  // 'Aprovar' belongs to a few screens: its column shows only in their areas.
  const colunas = acoesTela.filter((acao) => acao !== 'aprovar' || telas.some((tela) => acoesDaTela(tela).includes(acao)));
  return (
    <Table withRowBorders verticalSpacing={6} horizontalSpacing="sm" highlightOnHover data-testid={`permissoes-area-${area}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('permissoes.tela')}</Table.Th>
          {colunas.map((acao) => (
            <Table.Th key={acao} style={{ textAlign: 'center', width: 96 }}>
              {rotulosAcaoTela[acao]}
            </Table.Th>
          ))}
        </Table.Tr>
        <Table.Tr style={{ background: 'var(--mantine-color-default-hover)' }}>
          <Table.Td>
            <Text size="sm" fw={600}>
              {t('permissoes.todaArea')}
            </Text>
          </Table.Td>
          {colunas.map((acao) => {
            const e = estado(valor, telas, acao);
            const aplicavel = telas.some((tela) => acoesDaTela(tela).includes(acao));
            return (
              <Table.Td key={acao} style={{ textAlign: 'center' }}>
                {aplicavel ? (
                  <Checkbox
                    style={{ display: 'inline-block' }}
                    checked={e === true}
                    indeterminate={e === 'algumas'}
                    onChange={(ev) => onChange(alterar(valor, telas, acao, ev.currentTarget.checked))}
                    aria-label={t('permissoes.todaAreaAcao', { acao: rotulosAcaoTela[acao], area: areas[area] })}
                    data-testid={`permissoes-${area}-todas-${acao}`}
                    disabled={disabled}
                  />
                ) : null}
              </Table.Td>
            );
          })}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {telas.map((tela) => {
          const validas = acoesDaTela(tela);
          return (
            <Table.Tr key={tela.name} data-testid={`permissoes-tela-${tela.name}`}>
              <Table.Td>
                <Text size="sm">{tela.label}</Text>
              </Table.Td>
              {colunas.map((acao) => (
                <Table.Td key={acao} style={{ textAlign: 'center' }}>
                  {validas.includes(acao) ? (
                    <Checkbox
                      style={{ display: 'inline-block' }}
                      checked={valor[tela.name]?.includes(acao) ?? false}
                      onChange={(ev) => onChange(alterar(valor, [tela], acao, ev.currentTarget.checked))}
                      aria-label={`${rotulosAcaoTela[acao]}: ${tela.label}`}
                      data-testid={`permissao-${tela.name}-${acao}`}
                      disabled={disabled}
                    />
                  ) : (
                    <Text span c="dimmed" size="sm" title={t('permissoes.naoSeAplica')}>
                      —
                    </Text>
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/**
 * acessoSistema's grid: screens × actions grouped by the menu areas, each area with "toda a área"
 * checkboxes per action. Any action implies Ver; clearing Ver clears the screen.
 */
export function PermissoesInput({
  nome,
  rotulo,
  ajuda,
  erro,
  valor,
  onChange,
  disabled = false,
}: {
  nome: string;
  rotulo: string;
  ajuda?: string | undefined;
  erro?: string | undefined;
  valor: unknown;
  onChange: (v: TelasPermissoes) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const atual = valor && typeof valor === 'object' && !Array.isArray(valor) ? (valor as TelasPermissoes) : {};
  const liberadas = Object.keys(atual).length;
  return (
    <Input.Wrapper label={rotulo} description={ajuda} error={erro} data-testid={`campo-${nome}`}>
      <Group gap="xs" mt={6} mb={6}>
        <Badge variant="light" tt="none" size="lg" radius="sm" data-testid="permissoes-resumo">
          {t('permissoes.resumo', { count: liberadas })}
        </Badge>
        <Button size="xs" variant="default" onClick={() => onChange(alterar({}, screens, 'ver', true))} disabled={disabled} data-testid="permissoes-ver-tudo">
          {t('permissoes.somenteVerTudo')}
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => onChange(Object.fromEntries(screens.map((s) => [s.name, [...acoesDaTela(s)]])))}
          disabled={disabled}
          data-testid="permissoes-marcar-tudo"
        >
          {t('permissoes.marcarTudo')}
        </Button>
        <Button size="xs" variant="subtle" color="red" onClick={() => onChange({})} disabled={disabled} data-testid="permissoes-limpar">
          {t('permissoes.limparTudo')}
        </Button>
      </Group>
      <Paper withBorder radius="sm">
        <Accordion multiple defaultValue={['registration']} variant="default" chevronPosition="left">
          {areaKeys.map((area) => {
            const telas = screens.filter((s) => s.area === area);
            const comAcesso = telas.filter((s) => atual[s.name]?.length).length;
            return (
              <Accordion.Item key={area} value={area}>
                <Accordion.Control data-testid={`permissoes-abrir-${area}`}>
                  <Group justify="space-between" wrap="nowrap" pr="sm">
                    <Text fw={600} size="sm">
                      {areas[area]}
                    </Text>
                    <Badge variant={comAcesso ? 'light' : 'outline'} color={comAcesso === telas.length ? 'teal' : comAcesso ? 'blue' : 'gray'} tt="none" radius="sm">
                      {t('permissoes.telasLiberadas', { n: comAcesso, total: telas.length })}
                    </Badge>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <div style={{ overflowX: 'auto' }}>
                    <AreaGrid area={area} valor={atual} onChange={onChange} disabled={disabled} />
                  </div>
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      </Paper>
    </Input.Wrapper>
  );
}
