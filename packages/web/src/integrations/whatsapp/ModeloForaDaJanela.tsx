import { Alert, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { corpoDoModelo, lerParametrosModelo } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import { SituacaoModelo, useModelos } from './ModelosAprovados.tsx';

/** The template chosen for outside Meta's 24 hours, as the server reads it: name, language, '{nome}, {pedido}'. */
export interface ValorModelo {
  modeloNome: string;
  modeloIdioma: string;
  parametrosModelo: string;
}

/**
 * The approved template for outside the 24 hours (automatic messages, campaigns): chosen from the
 * account's list, each {{n}} given one of the screen's variables, previewed with them.
 */
export function ModeloForaDaJanela({ valor, onChange, variaveis, padroes, ajuda, erro }: { valor: ValorModelo; onChange: (v: ValorModelo) => void; variaveis: readonly string[]; padroes: readonly string[]; ajuda: string; erro?: string | undefined }) {
  const { t } = useTranslation();
  const modelos = useModelos();
  const aprovados = (modelos.data?.modelos ?? []).filter((m) => m.aprovado);
  const chave = valor.modeloNome ? `${valor.modeloNome}/${valor.modeloIdioma}` : null;
  const modelo = aprovados.find((m) => `${m.nome}/${m.idioma}` === chave);
  // A message may name a template that is no longer approved or listed: it stays visible, to be changed.
  const foraDaLista = chave && !modelo ? [{ value: chave, label: t('mensagemAutomatica.modeloForaDaLista', { nome: `${valor.modeloNome} (${valor.modeloIdioma})` }) }] : [];
  const opcoesVariaveis = variaveis.map((v) => ({ value: `{${v}}`, label: `{${v}}` }));
  const parametros = lerParametrosModelo(valor.parametrosModelo);
  const escolher = (escolhido: string | null) => {
    const m = aprovados.find((x) => `${x.nome}/${x.idioma}` === escolhido);
    onChange({ modeloNome: m?.nome ?? '', modeloIdioma: m?.idioma ?? '', parametrosModelo: m ? Array.from({ length: m.parametros }, (_, i) => parametros[i] ?? padroes[Math.min(i, padroes.length - 1)] ?? '').join(', ') : '' });
  };
  const definir = (i: number, variavel: string | null) => {
    const novos = Array.from({ length: modelo?.parametros ?? 0 }, (_, j) => (j === i ? (variavel ?? '') : (parametros[j] ?? '')));
    onChange({ ...valor, parametrosModelo: novos.join(', ') });
  };
  return (
    <Paper withBorder p="sm" radius="md" data-testid="ma-modelo">
      <Stack gap="xs">
        <Text fw={600}>{t('mensagemAutomatica.modeloTitulo')}</Text>
        <Text size="sm" c="dimmed">
          {ajuda}
        </Text>
        {modelos.data && !aprovados.length && !chave ? (
          <Alert color="yellow">{t('mensagemAutomatica.semModelosAprovados')}</Alert>
        ) : (
          <Select
            label={t('mensagemAutomatica.escolhaModelo')}
            data={[{ value: '', label: t('mensagemAutomatica.nenhumModelo') }, ...foraDaLista, ...aprovados.map((m) => ({ value: `${m.nome}/${m.idioma}`, label: `${m.nome} (${m.idioma})` }))]}
            value={chave ?? ''}
            onChange={(x) => escolher(x || null)}
            allowDeselect={false}
            error={erro}
            data-testid="ma-modelo-escolha"
          />
        )}
        {modelo && (
          <>
            <Group gap="xs">
              <SituacaoModelo situacao={modelo.situacao} />
              <Text size="sm" c="dimmed">
                {modelo.categoria}
              </Text>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="ma-modelo-corpo">
              {modelo.corpo}
            </Text>
            <Group grow align="flex-start">
              {Array.from({ length: modelo.parametros }, (_, i) => (
                <Select key={i} label={t('mensagemAutomatica.parametroVariavel', { n: `{{${i + 1}}}` })} data={opcoesVariaveis} value={parametros[i] ?? null} onChange={(x) => definir(i, x)} data-testid="ma-modelo-parametro" />
              ))}
            </Group>
            <Paper p="xs" radius="md" withBorder bg="var(--mantine-color-green-light)">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {corpoDoModelo(modelo.corpo, parametros)}
              </Text>
            </Paper>
          </>
        )}
      </Stack>
    </Paper>
  );
}
