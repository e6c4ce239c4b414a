import { Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { DiaFluxo } from '@retaguarda/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCentavos, formatData } from '../../resources/format.ts';
import { marcasDoEixo, reaisNoEixo } from '../../sales/relatorios/eixoGrafico.ts';

const ALTURA_SALDO = 130;
const ALTURA_BARRAS = 150;
const ESPACO = 18;
const EIXO = 84;
const ROTULOS = 22;

/** Ticks of an axis that may go below zero: the positive ticks mirrored down as far as needed. */
function marcasComSinal(minimo: number, maximo: number): number[] {
  const passo = marcasDoEixo(Math.max(Math.abs(minimo), Math.abs(maximo), 100), 100);
  return marcasEntre(Math.min(0, minimo), Math.max(0, maximo), passo[1]! - passo[0]!);
}

/** Ticks around the balance line only (a line needs no zero): about four round steps over its range. */
function marcasDoSaldo(minimo: number, maximo: number): number[] {
  const passo = marcasDoEixo(Math.max(maximo - minimo, 100), 100);
  return marcasEntre(minimo, maximo, passo[1]! - passo[0]!);
}

const inteiros = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/**
 * A balance tick in full (the balance axis rarely starts at zero, so 'R$ 1,5 mi' twice would hide the
 * step): whole thousands as 'R$ 1.450 mil', else whole reais. Ticks are whole reais, divided exactly.
 */
function saldoNoEixo(centavos: number): string {
  const texto = centavos % 100_000 === 0 && Math.abs(centavos) >= 1_000_000 ? `${inteiros.format(centavos / 100_000)} mil` : inteiros.format(centavos / 100);
  return `${centavos < 0 ? '-' : ''}R$ ${texto.replace('-', '')}`;
}

function marcasEntre(minimo: number, maximo: number, p: number): number[] {
  const de = Math.floor(minimo / p) * p;
  const ate = Math.ceil(maximo / p) * p;
  const marcas = [];
  for (let m = de; m <= ate; m += p) marcas.push(m);
  return marcas.length > 1 ? marcas : [de, de + p];
}

/**
 * The 90 days of cash flow: above, the balance of every account at each day's end (solid up to today,
 * dashed after it); below, each day's money in (up, green) and out (down, red) around zero, the
 * projected days lighter. Today is marked; pointing at a day shows its figures.
 */
export function FluxoCaixaGrafico({ dias, hoje }: { dias: readonly DiaFluxo[]; hoje: string }) {
  const { t } = useTranslation();
  const { ref, width } = useElementSize();
  const [foco, setFoco] = useState<DiaFluxo | null>(null);
  const largura = Math.max(width, 320);
  const area = largura - EIXO;
  const passo = area / Math.max(1, dias.length);
  const x = (i: number) => EIXO + i * passo + passo / 2;

  const saldos = dias.map((d) => d.saldo);
  const eixoSaldo = marcasDoSaldo(Math.min(...saldos), Math.max(...saldos));
  const [s0, s1] = [eixoSaldo[0]!, eixoSaldo.at(-1)!];
  const ySaldo = (v: number) => ALTURA_SALDO - ((v - s0) / (s1 - s0)) * (ALTURA_SALDO - 8) - 4;

  const topoBarras = ALTURA_SALDO + ESPACO;
  const eixoBarras = marcasComSinal(Math.min(0, ...dias.map((d) => d.saidas)), Math.max(0, ...dias.map((d) => d.entradas)));
  const [b0, b1] = [eixoBarras[0]!, eixoBarras.at(-1)!];
  const yBarra = (v: number) => topoBarras + ALTURA_BARRAS - ((v - b0) / (b1 - b0)) * ALTURA_BARRAS;
  const zero = yBarra(0);
  const altura = topoBarras + ALTURA_BARRAS + ROTULOS;

  const iHoje = dias.findIndex((d) => d.data === hoje);
  const linha = (de: number, ate: number) =>
    dias
      .slice(de, ate + 1)
      .map((d, k) => `${k ? 'L' : 'M'}${x(de + k).toFixed(1)},${ySaldo(d.saldo).toFixed(1)}`)
      .join(' ');
  const largBarra = Math.max(1, passo * 0.7);
  // A date label about every two weeks, on the 1st and 15th where possible.
  const rotulados = dias.map((d, i) => ({ d, i })).filter(({ d }) => d.data.endsWith('-01') || d.data.endsWith('-15'));
  const dica = (d: DiaFluxo) =>
    t(d.previsto ? 'resumoFinanceiro.diaPrevisto' : 'resumoFinanceiro.dia', { data: formatData(d.data), entradas: formatCentavos(d.entradas), saidas: formatCentavos(-d.saidas), saldo: formatCentavos(d.saldo) }) +
    (d.agendado ? ` ${t('resumoFinanceiro.diaAgendado', { valor: formatCentavos(d.agendado) })}` : '');

  return (
    <div ref={ref} data-testid="fluxo-grafico">
      <Group gap="lg" mb={6} wrap="wrap">
        <Legenda cor="var(--mantine-color-blue-6)" texto={t('resumoFinanceiro.saldo')} linha />
        <Legenda cor="var(--mantine-color-teal-6)" texto={t('resumoFinanceiro.entradas')} />
        <Legenda cor="var(--mantine-color-red-6)" texto={t('resumoFinanceiro.saidas')} />
        <Legenda cor="var(--mantine-color-gray-4)" texto={t('resumoFinanceiro.previsto')} />
        <Text size="sm" c={foco ? undefined : 'dimmed'} ml="auto" data-testid="fluxo-foco" style={{ minHeight: 22 }}>
          {foco ? dica(foco) : ''}
        </Text>
      </Group>
      <svg width={largura} height={altura} role="img" aria-label={t('resumoFinanceiro.grafico', { de: formatData(dias[0]?.data ?? hoje), ate: formatData(dias.at(-1)?.data ?? hoje) })} style={{ display: 'block', fontFamily: 'inherit' }} onMouseLeave={() => setFoco(null)}>
        {eixoSaldo.map((m) => (
          <g key={`s${m}`}>
            <line x1={EIXO} x2={largura} y1={ySaldo(m)} y2={ySaldo(m)} stroke="var(--mantine-color-default-border)" strokeDasharray={m === 0 ? undefined : '3 3'} />
            <text x={EIXO - 6} y={ySaldo(m) + 4} textAnchor="end" fontSize={11} fill="var(--mantine-color-dimmed)">
              {saldoNoEixo(m)}
            </text>
          </g>
        ))}
        {eixoBarras.map((m) => (
          <g key={`b${m}`}>
            <line x1={EIXO} x2={largura} y1={yBarra(m)} y2={yBarra(m)} stroke="var(--mantine-color-default-border)" strokeDasharray={m === 0 ? undefined : '3 3'} />
            <text x={EIXO - 6} y={yBarra(m) + 4} textAnchor="end" fontSize={11} fill="var(--mantine-color-dimmed)">
              {reaisNoEixo(m)}
            </text>
          </g>
        ))}
        {iHoje >= 0 ? (
          <g>
            <rect x={x(iHoje) + passo / 2} y={0} width={largura - x(iHoje) - passo / 2} height={topoBarras + ALTURA_BARRAS} fill="var(--mantine-color-gray-light)" opacity={0.5} />
            <line x1={x(iHoje)} x2={x(iHoje)} y1={0} y2={topoBarras + ALTURA_BARRAS} stroke="var(--mantine-color-dimmed)" strokeDasharray="4 3" />
            <text x={x(iHoje) + 4} y={11} fontSize={11} fill="var(--mantine-color-dimmed)">
              {t('resumoFinanceiro.hoje')}
            </text>
          </g>
        ) : null}
        {dias.map((d, i) => (
          <g key={d.data} data-testid="fluxo-dia" data-data={d.data} data-previsto={d.previsto ? 'true' : 'false'} data-entradas={d.entradas} data-saidas={d.saidas} data-saldo={d.saldo}>
            {d.entradas > 0 ? <rect x={x(i) - largBarra / 2} y={yBarra(d.entradas)} width={largBarra} height={Math.max(1, zero - yBarra(d.entradas))} fill="var(--mantine-color-teal-6)" opacity={d.previsto ? 0.4 : 1} rx={1} /> : null}
            {d.saidas < 0 ? <rect x={x(i) - largBarra / 2} y={zero} width={largBarra} height={Math.max(1, yBarra(d.saidas) - zero)} fill="var(--mantine-color-red-6)" opacity={d.previsto ? 0.4 : 1} rx={1} /> : null}
            <rect x={x(i) - passo / 2} y={0} width={passo} height={topoBarras + ALTURA_BARRAS} fill="transparent" onMouseEnter={() => setFoco(d)}>
              <title>{dica(d)}</title>
            </rect>
          </g>
        ))}
        {iHoje >= 0 ? (
          <>
            <path d={linha(0, iHoje)} fill="none" stroke="var(--mantine-color-blue-6)" strokeWidth={2.5} />
            <path d={linha(iHoje, dias.length - 1)} fill="none" stroke="var(--mantine-color-blue-6)" strokeWidth={2} strokeDasharray="6 4" />
          </>
        ) : (
          <path d={linha(0, dias.length - 1)} fill="none" stroke="var(--mantine-color-blue-6)" strokeWidth={2} />
        )}
        {foco ? <circle cx={x(dias.indexOf(foco))} cy={ySaldo(foco.saldo)} r={4} fill="var(--mantine-color-blue-6)" pointerEvents="none" /> : null}
        {rotulados.map(({ d, i }) => (
          <text key={`r${d.data}`} x={x(i)} y={altura - 6} textAnchor="middle" fontSize={11} fill="var(--mantine-color-dimmed)">
            {formatData(d.data).slice(0, 5)}
          </text>
        ))}
      </svg>
    </div>
  );
}

function Legenda({ cor, texto, linha = false }: { cor: string; texto: string; linha?: boolean }) {
  return (
    <Group gap={6}>
      <span style={{ display: 'inline-block', width: 14, height: linha ? 3 : 10, background: cor, borderRadius: 2 }} />
      <Text size="xs" c="dimmed">
        {texto}
      </Text>
    </Group>
  );
}
