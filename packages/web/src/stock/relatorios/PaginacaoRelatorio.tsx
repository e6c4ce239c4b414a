import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LINHAS_POR_PAGINA } from './paginas.ts';

/** Under a paged report: which lines are shown of how many, and the pages (hidden when one page holds them all). */
export function PaginacaoRelatorio({ pagina, total, alterar }: { pagina: number; total: number; alterar: (pagina: number) => void }) {
  const { t } = useTranslation();
  if (total <= LINHAS_POR_PAGINA) return null;
  const paginas = Math.ceil(total / LINHAS_POR_PAGINA);
  const de = Math.min(total, (pagina - 1) * LINHAS_POR_PAGINA + 1);
  const ate = Math.min(total, pagina * LINHAS_POR_PAGINA);
  return (
    <Group justify="space-between" wrap="wrap" className="nao-imprimir" data-testid="relatorio-paginacao">
      <Text size="sm" c="dimmed" data-testid="relatorio-paginacao-texto">
        {t('relatorioEstoque.linhasDe', { de: de.toLocaleString('pt-BR'), ate: ate.toLocaleString('pt-BR'), total: total.toLocaleString('pt-BR') })}
      </Text>
      <Pagination total={paginas} value={Math.min(pagina, paginas)} onChange={alterar} size="sm" getControlProps={(c) => ({ 'aria-label': c === 'next' ? t('relatorioEstoque.proxima') : c === 'previous' ? t('relatorioEstoque.anterior') : c })} />
    </Group>
  );
}
