import { Button, Group, Paper, Switch, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconCopy, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../app/ConfirmDialog.tsx';
import { usePermissoes } from '../../session/permissoes.ts';
import type { useRelatoriosCriados } from './useRelatoriosCriados.ts';

/** Name, description and sharing of the report, and save / save as / delete. */
export function BarraSalvar({ c }: { c: ReturnType<typeof useRelatoriosCriados> }) {
  const { t } = useTranslation();
  const { rascunho, setRascunho, salvo, meu } = c;
  // The server checks the profile too; the buttons only say beforehand what it would refuse.
  const { pode } = usePermissoes();
  const [confirmarExcluir, setConfirmarExcluir] = useState(false);
  const podeSalvar = salvo && meu ? pode('relatoriosCriados', 'editar') : pode('relatoriosCriados', 'criar');
  const semNome = !rascunho.nome.trim();
  const ocupado = c.salvar.isPending || c.salvarComo.isPending || c.excluir.isPending;
  const copia = rascunho.nome.trim() === salvo?.nome ? t('relatoriosCriados.nomeCopia', { nome: rascunho.nome.trim() }) : rascunho.nome.trim();
  return (
    <Paper withBorder p="md" radius="md" className="nao-imprimir">
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('relatoriosCriados.nome')}
          value={rascunho.nome}
          onChange={(e) => setRascunho({ ...rascunho, nome: e.currentTarget.value })}
          maxLength={80}
          w={260}
          data-testid="criado-nome"
        />
        <TextInput
          label={t('relatoriosCriados.descricao')}
          value={rascunho.descricao}
          onChange={(e) => setRascunho({ ...rascunho, descricao: e.currentTarget.value })}
          maxLength={300}
          style={{ flex: 1 }}
          miw={220}
        />
        <Switch
          label={t('relatoriosCriados.compartilhar')}
          checked={rascunho.compartilhado}
          disabled={!meu}
          onChange={(e) => setRascunho({ ...rascunho, compartilhado: e.currentTarget.checked })}
          pb={8}
          data-testid="criado-compartilhar"
        />
        <Group gap="xs">
          <Button leftSection={<IconDeviceFloppy size={16} />} disabled={semNome || !podeSalvar || c.problemas.length > 0} loading={c.salvar.isPending} onClick={() => c.salvar.mutate()} data-testid="criado-salvar">
            {t('relatoriosCriados.salvar')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconCopy size={16} />}
            disabled={semNome || !salvo || ocupado || c.problemas.length > 0 || !pode('relatoriosCriados', 'criar')}
            onClick={() => c.salvarComo.mutate(copia)}
            data-testid="criado-salvar-como"
          >
            {t('relatoriosCriados.salvarComo')}
          </Button>
          {salvo && meu && pode('relatoriosCriados', 'lixeira') ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              disabled={ocupado}
              onClick={() => setConfirmarExcluir(true)}
              data-testid="criado-excluir"
            >
              {t('relatoriosCriados.excluir')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <ConfirmDialog
        opened={confirmarExcluir && Boolean(salvo)}
        title={t('relatoriosCriados.excluir')}
        okLabel={t('relatoriosCriados.excluir')}
        okColor="red"
        cancelLabel={t('relatoriosCriados.cancelar')}
        onOk={() => {
          setConfirmarExcluir(false);
          if (salvo) c.excluir.mutate(salvo._id);
        }}
        onCancel={() => setConfirmarExcluir(false)}
        testIds={{ dialogo: 'criado-excluir-dialogo', ok: 'criado-excluir-ok', cancelar: 'criado-excluir-cancelar' }}
      >
        {t('relatoriosCriados.confirmarExcluir', { nome: salvo?.nome ?? '' })}
      </ConfirmDialog>
    </Paper>
  );
}
