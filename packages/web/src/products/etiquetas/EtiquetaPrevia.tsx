import { Code, Paper, Stack, Text } from '@mantine/core';
import { lerZpl, pontosPorMm, preencherModelo, type ValoresEtiqueta } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import type { ModeloEtiquetaRegistro } from './etiquetasApi.ts';

const PX_POR_MM = 4;

/**
 * An approximation of one label: the ZPL's texts, barcodes and boxes placed in a box of the label's
 * size. Fonts, rotation and real barcodes are the printer's; other languages show the filled code.
 */
export function EtiquetaPrevia({ modelo, valores }: { modelo: ModeloEtiquetaRegistro; valores: ValoresEtiqueta }) {
  const { t } = useTranslation();
  const preenchido = preencherModelo(modelo.codigo, modelo.linguagem, valores);
  if (modelo.linguagem !== 'ZPL') {
    return (
      <Stack gap={4}>
        <Text size="xs" c="dimmed">
          {t('etiquetas.previaSoZpl', { linguagem: modelo.linguagem })}
        </Text>
        <Code block data-testid="etiqueta-codigo">
          {preenchido}
        </Code>
      </Stack>
    );
  }
  const escala = PX_POR_MM / pontosPorMm(Number(modelo.resolucao));
  return (
    <Stack gap={4}>
      <Paper
        withBorder
        radius={4}
        data-testid="etiqueta-previa"
        aria-label={t('etiquetas.previaRotulo')}
        style={{ position: 'relative', overflow: 'hidden', width: modelo.largura * PX_POR_MM, height: modelo.altura * PX_POR_MM, background: '#fff', color: '#000' }}
      >
        {lerZpl(preenchido).map((e, i) => {
          const base = { position: 'absolute' as const, left: e.x * escala, top: e.y * escala };
          if (e.tipo === 'caixa') {
            return <div key={i} style={{ ...base, width: e.largura * escala, height: e.altura * escala, border: `${Math.max(1, e.espessura * escala)}px solid #000`, boxSizing: 'border-box' }} />;
          }
          if (e.tipo === 'codigoBarras') {
            return (
              <div key={i} style={base} data-testid="etiqueta-barras">
                <div style={{ width: 150, height: e.altura * escala, background: 'repeating-linear-gradient(90deg, #000 0 2px, #fff 2px 3px, #000 3px 4px, #fff 4px 7px)' }} />
                <div style={{ fontSize: 10, fontFamily: 'monospace' }}>{e.texto}</div>
              </div>
            );
          }
          return (
            <div
              key={i}
              style={{
                ...base,
                fontSize: e.altura * escala * 0.85,
                lineHeight: 1.1,
                fontFamily: 'Arial, sans-serif',
                whiteSpace: e.largura ? 'normal' : 'nowrap',
                width: e.largura ? e.largura * escala : undefined,
                textAlign: e.alinhamento === 'C' ? 'center' : e.alinhamento === 'R' ? 'right' : 'left',
              }}
            >
              {e.texto}
            </div>
          );
        })}
      </Paper>
      <Text size="xs" c="dimmed">
        {t('etiquetas.aproximacao', { largura: modelo.largura, altura: modelo.altura })}
      </Text>
    </Stack>
  );
}
