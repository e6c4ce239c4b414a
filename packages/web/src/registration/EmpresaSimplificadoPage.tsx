import { Alert, Button, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { empresaSimplificadoSchema, findRecurso, padroesEmpresaSimplificada, type Campo, type RecursoDef } from '@retaguarda/domain';
import { IconAlertTriangle, IconBuildingStore, IconCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../api/client.ts';
import { ConfirmDialog } from '../app/ConfirmDialog.tsx';
import { CampoInput } from '../resources/CampoInput.tsx';
import { errosAposMudanca, validar, valoresIniciais, type Erros, type Valores } from '../resources/formValues.ts';
import { useTrocarEmpresa } from '../session/useTrocarEmpresa.ts';
import { TituloSecao } from '../resources/TituloSecao.tsx';

const empresa = findRecurso('empresa')!;
const camposDoAssistente = Object.keys(empresaSimplificadoSchema.shape);
/** The empresa declaration cut to the wizard's fields: same labels, kinds and rules as the full form. */
const assistente = {
  ...empresa,
  schema: empresaSimplificadoSchema,
  campos: Object.fromEntries(camposDoAssistente.map((c) => [c, (empresa.campos as Record<string, Campo>)[c]!])),
} as unknown as RecursoDef;
const identificacao = ['razaoSocial', 'nomeFantasia', 'cnpj', 'crt'];

interface Criada {
  empresa: { _id: string; nomeFantasia: string };
}

/** empresaSimplificado: a working company from name, CNPJ, regime and address, in one call. */
export default function EmpresaSimplificadoPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [valores, setValores] = useState<Valores>(() => valoresIniciais(assistente));
  const [erros, setErros] = useState<Erros>({});
  const [erroGeral, setErroGeral] = useState<string | null>(null);
  const [criada, setCriada] = useState<Criada | null>(null);

  const criar = useMutation({
    mutationFn: (dados: Record<string, unknown>) => api.post<Criada>('empresaSimplificado', dados),
    onSuccess: (data) => {
      setCriada(data);
      // The new company is in the switcher now.
      void queryClient.invalidateQueries({ queryKey: ['sessao'] });
      void queryClient.invalidateQueries({ queryKey: ['recurso', 'empresa'] });
      notifications.show({ color: 'green', message: t('empresaSimplificado.criada', { nome: data.empresa.nomeFantasia }) });
    },
    onError: (error) => {
      if (isApiError(error) && error.campos) setErros(error.campos);
      setErroGeral(error.message);
    },
  });
  const trocar = useTrocarEmpresa(() => recomecar());

  const recomecar = () => {
    setCriada(null);
    setValores(valoresIniciais(assistente));
    setErros({});
    setErroGeral(null);
  };

  const submit = () => {
    if (criar.isPending) return;
    const { dados, erros: encontrados } = validar(assistente, valores, { valorInvalido: t('recurso.valorInvalido'), numeroInvalido: t('recurso.numeroInvalido') });
    setErros(encontrados);
    setErroGeral(dados ? null : t('recurso.erroFormulario'));
    if (dados) criar.mutate(dados);
  };

  const campo = (nome: string, autoFocus = false) => (
    <CampoInput
      key={nome}
      nome={nome}
      campo={assistente.campos[nome]!}
      valor={valores[nome]}
      erro={erros[nome]}
      erros={erros}
      autoFocus={autoFocus}
      tipoPessoa="Jurídica"
      onChange={(v) => {
        setErros((e) => errosAposMudanca(e, nome, valores[nome], v));
        setValores((atual) => ({ ...atual, [nome]: v }));
      }}
    />
  );
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      submit();
    }
  };

  const p = padroesEmpresaSimplificada;
  return (
    <Stack gap="md" maw={900} data-testid="empresa-simplificado">
      <div>
        <Title order={2}>{t('empresaSimplificado.titulo')}</Title>
        <Text c="dimmed" size="sm">
          {t('empresaSimplificado.explicacao')}
        </Text>
      </div>
      <form
        noValidate
        onKeyDown={onKeyDown}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          {erroGeral ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="empresa-simplificado-erro">
              {erroGeral}
            </Alert>
          ) : null}
          <Paper withBorder p="lg" radius="md">
            <TituloSecao mb="sm">
              {t('empresaSimplificado.identificacao')}
            </TituloSecao>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {identificacao.map((nome, i) => campo(nome, i === 0))}
            </SimpleGrid>
          </Paper>
          {campo('endereco')}
          <Paper withBorder p="lg" radius="md" bg="var(--mantine-color-default-hover)">
            <TituloSecao sub mb="xs">
              {t('empresaSimplificado.padroes')}
            </TituloSecao>
            <List size="sm" spacing={4} icon={<ThemeIcon size={18} radius="xl" color="teal" variant="light"><IconCheck size={12} /></ThemeIcon>}>
              <List.Item>{t('empresaSimplificado.padraoCaixa', { caixa: p.caixa.descricao })}</List.Item>
              <List.Item>{t('empresaSimplificado.padraoTerminal', { terminal: p.terminal.descricao })}</List.Item>
              <List.Item>{t('empresaSimplificado.padraoSeries')}</List.Item>
              <List.Item>{t('empresaSimplificado.padraoFormas', { formas: p.formasPagamento.map((f) => f.descricao).join(', ') })}</List.Item>
            </List>
          </Paper>
          <Group justify="flex-end">
            <Button type="submit" size="md" leftSection={<IconBuildingStore size={18} />} loading={criar.isPending} data-testid="empresa-simplificado-criar">
              {t('empresaSimplificado.criar')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={criada !== null}
        title={t('empresaSimplificado.criadaTitulo')}
        okLabel={t('empresaSimplificado.trocar', { nome: criada?.empresa.nomeFantasia ?? '' })}
        okLoading={trocar.isPending}
        cancelLabel={t('empresaSimplificado.ficar')}
        onOk={() => criada && trocar.mutate(criada.empresa._id)}
        onCancel={recomecar}
        testIds={{ dialogo: 'empresa-simplificado-criada', ok: 'empresa-simplificado-trocar', cancelar: 'empresa-simplificado-ficar' }}
      >
        {t('empresaSimplificado.criadaTexto', { nome: criada?.empresa.nomeFantasia ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}
