import { Button } from '@mantine/core';
import { findRecurso } from '@retaguarda/domain';
import { IconStack2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tela } from '../resources/ResourceScreen.tsx';
import { GerarLoteDialog } from './GerarLoteDialog.tsx';

/** The generic coupon list and form, plus "Gerar lote". */
export default function VoucherECupomDescontoPage() {
  const { t } = useTranslation();
  const recurso = findRecurso('voucherECupomDesconto')!;
  const [aberto, setAberto] = useState(false);
  return (
    <Tela
      recurso={recurso}
      acoes={(lista) => (
        <>
          <Button variant="default" leftSection={<IconStack2 size={16} />} onClick={() => setAberto(true)} data-testid="lote-abrir">
            {t('lote.abrir')}
          </Button>
          <GerarLoteDialog recurso={recurso} opened={aberto} onClose={() => setAberto(false)} onGerado={(prefixo) => lista.setFiltro('lote', prefixo)} />
        </>
      )}
    />
  );
}
