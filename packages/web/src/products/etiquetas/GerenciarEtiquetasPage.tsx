import { Stack } from '@mantine/core';
import { findRecurso } from '@retaguarda/domain';
import { Tela } from '../../resources/ResourceScreen.tsx';
import { ImprimirEtiquetas } from './ImprimirEtiquetas.tsx';

/** gerenciarEtiquetas: the label models (generic list and form) and printing labels of products. */
export default function GerenciarEtiquetasPage() {
  return (
    <Stack gap="xl">
      <Tela recurso={findRecurso('modeloEtiqueta')!} />
      <ImprimirEtiquetas />
    </Stack>
  );
}
