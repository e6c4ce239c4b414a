import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileInvoice } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermissoes } from '../../session/permissoes.ts';
import { emissaoApi } from './emissaoApi.ts';

/**
 * "Gerar NF-e" on a sent transfer or a posted entry: the server drafts the note (transfer at cost, or the
 * return with the entry's key referenced) and the issuing screen opens on it. Hidden without the right.
 */
export function GerarNotaFiscal({ origem, id }: { origem: 'transferencia' | 'entrada'; id: string }) {
  const { t } = useTranslation();
  const { pode } = usePermissoes();
  const navigate = useNavigate();
  const gerar = useMutation({
    mutationFn: () => emissaoApi.daOrigem(origem, id),
    onSuccess: (nota) => {
      notifications.show({ color: 'green', message: t('emissaoNota.gerada') });
      void navigate(`/emissaoNotaFiscal?nota=${encodeURIComponent(nota._id)}`);
    },
    onError: (e: Error) => notifications.show({ color: 'red', message: e.message }),
  });
  if (!pode('emissaoNotaFiscal', 'criar')) return null;
  return (
    <Button variant="default" leftSection={<IconFileInvoice size={16} />} onClick={() => gerar.mutate()} loading={gerar.isPending} data-testid={`gerar-nfe-${origem}`}>
      {t(`emissaoNota.gerar_${origem}`)}
    </Button>
  );
}
