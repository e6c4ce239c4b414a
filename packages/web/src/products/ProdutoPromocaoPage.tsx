import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { findRecurso, mensagens } from '@retaguarda/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Tela } from '../resources/ResourceScreen.tsx';
import type { ResourceFormController } from '../resources/useResourceForm.ts';
import type { ResourceListController } from '../resources/useResourceList.ts';
import { useLinhasRemovidas, usePromocoesARevisar } from './produtosRemovidos.ts';

const recurso = findRecurso('produtoPromocao')!;

/** SPEC.md §5's warning, word for word, and what to review. */
function AvisoProdutosRemovidos({ children, testId }: { children?: ReactNode; testId: string }) {
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} data-testid={testId} role="alert">
      <Stack gap={6}>
        <Text size="sm" fw={500} data-testid="promocao-aviso-texto">
          {mensagens.promocaoProdutoRemovido}
        </Text>
        {children}
      </Stack>
    </Alert>
  );
}

/** On the list: the promotions to review, each opening its form. */
function AvisoDaLista({ lista }: { lista: ResourceListController }) {
  const { t } = useTranslation();
  const { data } = usePromocoesARevisar();
  if (!data?.length) return null;
  return (
    <AvisoProdutosRemovidos testId="promocao-produtos-removidos">
      <Group gap="xs">
        <Text size="sm">{t('promocao.revisar')}</Text>
        {data.map((p) => (
          <Anchor key={p._id} component="button" type="button" size="sm" onClick={() => lista.editar(p._id)} data-testid="promocao-revisar">
            {p.descricao}
          </Anchor>
        ))}
      </Group>
    </AvisoProdutosRemovidos>
  );
}

/** On the form: while a listed product is deleted or in the trash, which rows to fix. */
function AvisoDoFormulario({ form }: { form: ResourceFormController }) {
  const { t } = useTranslation();
  const linhas = useLinhasRemovidas(form.valores.produtos);
  if (!linhas.length) return null;
  return (
    <AvisoProdutosRemovidos testId="promocao-form-produtos-removidos">
      <Text size="sm">{t('promocao.linhas', { count: linhas.length, linhas: linhas.map((i) => i + 1).join(', ') })}</Text>
    </AvisoProdutosRemovidos>
  );
}

/** The generic promotion list and form, plus the warning of SPEC.md §5 on both. */
export default function ProdutoPromocaoPage() {
  return <Tela recurso={recurso} avisoLista={(lista) => <AvisoDaLista lista={lista} />} avisoFormulario={(form) => <AvisoDoFormulario form={form} />} />;
}
