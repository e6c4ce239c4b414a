import { Anchor, Button, Paper, Stack, Table, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../app/ConfirmDialog.tsx';
import { ItensLote } from './ItensLote.tsx';
import type { Lote } from './useEdicaoEmMassa.ts';
import { TituloSecao } from '../../resources/TituloSecao.tsx';

const dataHora = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const quando = (iso: string) => dataHora.format(new Date(iso)).replace(',', '');

/** The company's applied batches: who, when, what, how many products; undo the ones not undone yet. */
export function LotesCorrecao({ lotes, desfazendo, onDesfazer }: { lotes: Lote[]; desfazendo: string | null; onDesfazer: (id: string) => void }) {
  const { t } = useTranslation();
  const [confirmando, setConfirmando] = useState<Lote | null>(null);
  const confirmar = setConfirmando;
  const [aberto, setAberto] = useState<string | null>(null);
  return (
    <Stack gap="xs">
      <ConfirmDialog
        opened={confirmando !== null}
        title={t('lotesCorrecao.confirmarTitulo')}
        okLabel={t('lotesCorrecao.desfazer')}
        okColor="orange"
        cancelLabel={t('edicaoEmMassa.cancelar')}
        onOk={() => {
          if (confirmando) onDesfazer(confirmando._id);
          setConfirmando(null);
        }}
        onCancel={() => setConfirmando(null)}
        testIds={{ dialogo: 'lote-confirmacao', ok: 'lote-confirmar-desfazer', cancelar: 'lote-cancelar-desfazer' }}
      >
        {confirmando ? t('lotesCorrecao.confirmarTexto', { descricao: confirmando.descricao, count: confirmando.quantidade }) : ''}
      </ConfirmDialog>
      <TituloSecao>{t('lotesCorrecao.titulo')}</TituloSecao>
      {lotes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('lotesCorrecao.vazio')}
        </Text>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={800}>
            <Table striped data-testid="lotes-tabela">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('lotesCorrecao.quando')}</Table.Th>
                  <Table.Th>{t('lotesCorrecao.quem')}</Table.Th>
                  <Table.Th>{t('lotesCorrecao.alteracao')}</Table.Th>
                  <Table.Th>{t('lotesCorrecao.produtos')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lotes.map((l) => [
                  <Table.Tr key={l._id} data-testid="lote-linha">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{quando(l.criadoEm)}</Table.Td>
                    <Table.Td>{l.usuario}</Table.Td>
                    <Table.Td>{l.descricao}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Anchor component="button" size="sm" onClick={() => setAberto(aberto === l._id ? null : l._id)} data-testid="lote-ver-itens">
                        {t('lotesCorrecao.verItens', { count: l.quantidade })}
                      </Anchor>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {l.desfeitoEm ? (
                        <Text size="xs" c="dimmed" data-testid="lote-desfeito">
                          {t('lotesCorrecao.desfeito', { quando: quando(l.desfeitoEm), quem: l.desfeitoPor ?? '' })}
                        </Text>
                      ) : (
                        <Button size="xs" variant="light" leftSection={<IconArrowBackUp size={14} />} loading={desfazendo === l._id} onClick={() => confirmar(l)} data-testid="lote-desfazer">
                          {t('lotesCorrecao.desfazer')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>,
                  aberto === l._id ? (
                    <Table.Tr key={`${l._id}-itens`}>
                      <Table.Td colSpan={5}>
                        <ItensLote id={l._id} />
                      </Table.Td>
                    </Table.Tr>
                  ) : null,
                ])}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
