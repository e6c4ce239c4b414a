import { Paper, Text, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { formatCentavos } from '../../resources/format.ts';
import { disposicaoDosRotulos, LARGURA_MAXIMA_INCLINADO, larguraDoRotulo, marcasDoEixo, reaisNoEixo, rotulosCurtos, saoDatas } from './eixoGrafico.ts';

export interface BarraGrafico {
  rotulo: string;
  valor: number;
  /** A second, grey bar beside it (the same hour last week…). */
  comparacao?: number;
  /** The tooltip's text when not "rótulo: valor". */
  dica?: string;
}

const ALTURA = 180;

/**
 * Vertical bars of values (money in centavos unless `formatar` says otherwise) over a value axis, with a
 * tooltip giving each exact figure, and labels that stay readable from 390 px up: days as dd/mm thinned
 * when crowded, names without their common prefix and slanted when long (see eixoGrafico.ts).
 */
export function GraficoBarras({
  itens,
  testid,
  formatar = formatCentavos,
  formatarEixo,
  sequencia,
  semMoldura = false,
}: {
  itens: BarraGrafico[];
  testid: string;
  formatar?: (valor: number) => string;
  /** The axis's ticks: money as short reais by default, else `formatar`. */
  formatarEixo?: (valor: number) => string;
  /** The labels are an ordered sequence (days, hours): thinned rather than slanted. Days are found alone. */
  sequencia?: boolean;
  /** Without its own bordered paper (inside a card that has one). */
  semMoldura?: boolean;
}) {
  const { ref, width } = useElementSize();
  const dinheiro = formatar === formatCentavos;
  const eixo = formatarEixo ?? (dinheiro ? reaisNoEixo : formatar);
  const maximo = Math.max(0, ...itens.flatMap((i) => [i.valor, i.comparacao ?? 0]));
  const marcas = marcasDoEixo(maximo, dinheiro && maximo >= 400 ? 100 : 1);
  const topo = marcas.at(-1)!;
  const curtos = rotulosCurtos(itens.map((i) => i.rotulo));
  const { inclinado, aCada } = disposicaoDosRotulos(curtos, width, sequencia ?? saoDatas(itens.map((i) => i.rotulo)));
  const alturaRotulos = inclinado ? Math.min(LARGURA_MAXIMA_INCLINADO, Math.max(...curtos.map(larguraDoRotulo))) * Math.SQRT1_2 + 16 : 20;
  // Few bars stay bar-shaped (at most 120 px each) instead of filling the width.
  const colunas = `repeat(${Math.max(1, itens.length)}, minmax(0, ${itens.length < 8 ? '120px' : '1fr'}))`;
  const altura = (v: number) => `${Math.max(v > 0 ? 1 : 0, (v * 100) / topo)}%`;
  const conteudo = (
    <div style={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 8 }}>
      <div style={{ position: 'relative', height: ALTURA }} data-testid={`${testid}-eixo`}>
        {marcas.map((m) => (
          <Text key={m} size="xs" c="dimmed" ta="right" style={{ position: 'absolute', right: 0, bottom: `${(m * 100) / topo}%`, transform: 'translateY(50%)', whiteSpace: 'nowrap', lineHeight: 1 }} data-testid={`${testid}-marca`}>
            {eixo(m)}
          </Text>
        ))}
        {/* The widest tick gives the axis its width (the ticks above are positioned out of the flow). */}
        <Text size="xs" style={{ visibility: 'hidden', whiteSpace: 'nowrap', height: 0, overflow: 'hidden' }} aria-hidden>
          {marcas.map(eixo).reduce((a, b) => (b.length > a.length ? b : a), '')}
        </Text>
      </div>
      <div ref={ref} style={{ position: 'relative', height: ALTURA, borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        {marcas.slice(1).map((m) => (
          <div key={m} style={{ position: 'absolute', left: 0, right: 0, bottom: `${(m * 100) / topo}%`, borderTop: '1px dashed var(--mantine-color-default-border)' }} />
        ))}
        <div style={{ position: 'relative', display: 'grid', gridTemplateColumns: colunas, justifyContent: 'center', alignItems: 'stretch', gap: 4, height: '100%' }}>
          {itens.map((item, i) => (
            <Tooltip key={`${item.rotulo}-${i}`} label={item.dica ?? `${item.rotulo}: ${formatar(item.valor)}`} withArrow data-testid={`${testid}-dica`}>
              {/* The whole column answers the pointer, not only the bar (a small value is a thin bar). */}
              <div style={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'center', gap: 2, height: '100%', cursor: 'default' }} data-testid={`${testid}-barra`} data-valor={item.valor} role="img" aria-label={item.dica ?? `${item.rotulo}: ${formatar(item.valor)}`}>
                {item.comparacao !== undefined ? <div style={{ flex: 1, height: altura(item.comparacao), background: 'var(--mantine-color-gray-4)', borderRadius: '3px 3px 0 0' }} /> : null}
                <div style={{ flex: 1, height: altura(item.valor), background: 'var(--mantine-color-blue-6)', borderRadius: '3px 3px 0 0' }} />
              </div>
            </Tooltip>
          ))}
        </div>
      </div>
      <div />
      <div style={{ display: 'grid', gridTemplateColumns: colunas, justifyContent: 'center', gap: 4, height: alturaRotulos }}>
        {curtos.map((rotulo, i) => (
          <div key={`${rotulo}-${i}`} style={{ position: 'relative', minWidth: 0 }}>
            {i % aCada === 0 ? (
              <Text
                size="xs"
                c="dimmed"
                data-testid={`${testid}-rotulo`}
                title={itens[i]!.rotulo}
                style={
                  inclinado
                    ? { position: 'absolute', right: '50%', top: 4, transformOrigin: '100% 0', transform: 'rotate(-45deg)', whiteSpace: 'nowrap', maxWidth: LARGURA_MAXIMA_INCLINADO, overflow: 'hidden', textOverflow: 'ellipsis', lineHeight: 1.2 }
                    : { position: 'absolute', left: '50%', top: 4, transform: 'translateX(-50%)', whiteSpace: 'nowrap', lineHeight: 1.2 }
                }
              >
                {rotulo}
              </Text>
            ) : null}
          </div>
        ))}
      </div>
    </div>
  );
  if (semMoldura) return <div data-testid={testid}>{conteudo}</div>;
  return (
    <Paper withBorder p="md" radius="md" data-testid={testid} style={{ overflow: 'hidden' }}>
      {conteudo}
    </Paper>
  );
}
