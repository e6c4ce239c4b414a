// Issue 19's figures at full scale, each part runnable alone: `npm run bench -- produtos|relatorios|leve
// [--pglite|--pg]` (both databases by default; PostgreSQL is DATABASE_URL's or a cluster started for the run,
// kept between runs in BENCH_PG_DIR: the 10-store year is then filled once).
import { bancoNovo } from './banco.ts';
import { benchLeve } from './leve.ts';
import { postgresDoBench } from './postgresDoBench.ts';
import { benchProdutos } from './produtos.ts';
import { benchRelatorios } from './relatorios.ts';

export interface Bancos {
  pglite: boolean;
  /** A PostgreSQL URL whose user may create databases. */
  postgres?: string;
}

const razao = (medido: number, meta: number) => (medido / meta).toFixed(2);

export async function parteProdutos(bancos: Bancos) {
  console.log('\n# getListaProdutoGeralEmpresa: grupo com 20.000 produtos vendidos em 5 empresas (uma empresa pede a sua lista)');
  const mostrar = (banco: string, r: Awaited<ReturnType<typeof benchProdutos>>) => {
    const mib = (r.bytes / 1024 / 1024).toFixed(1);
    console.log(`${banco}: getListaProdutoGeralEmpresa sem mudança desde a última chamada: ${r.endpoint.toFixed(0)} ms (${r.itens} itens, ${mib} MiB; meta 150 ms; razão ${razao(r.endpoint, 150)} da meta)`);
    console.log(`${banco}: logo após a mudança de um produto (resposta montada de novo): ${r.endpointAposMudanca.toFixed(0)} ms (meta 600 ms; razão ${razao(r.endpointAposMudanca, 600)} da meta)`);
    console.log(`${banco}: SQL escrito à mão com as mesmas linhas ${r.manual.toFixed(0)} ms (${r.linhasManual} linhas)`);
    console.log(`${banco}: razão endpoint/SQL à mão: ${(r.endpoint / r.manual).toFixed(2)} sem mudança, ${(r.endpointAposMudanca / r.manual).toFixed(2)} após a mudança (meta: até 2)`);
    for (const { nome, r: t } of r.telas) {
      console.log(
        `${banco}: tela /${nome}?por=todos no Chromium: aberta em ${t.abrir.toFixed(0)} ms (meta 1500 ms; razão ${razao(t.abrir, 1500)}): ` +
          `pedido da lista ${t.partes.pedido.toFixed(0)} ms (servidor e transferência, ${(t.partes.bytes / 1024 / 1024).toFixed(1)} MiB), JSON.parse ${t.partes.parse.toFixed(0)} ms, ` +
          `resto ${t.partes.resto.toFixed(0)} ms (React, outras consultas da tela); ${t.linhasNoDom} linhas no DOM (lista virtualizada); ` +
          `rolagem (120 px por quadro, ${t.quadros} quadros): mediana ${t.medianaQuadro.toFixed(1)} ms, p95 ${t.p95Quadro.toFixed(1)} ms (meta 33 ms; razão ${razao(t.p95Quadro, 33)}), pior ${t.piorQuadro.toFixed(0)} ms, ` +
          `${t.quadrosLentos} acima de 50 ms; até o fim em ${t.quadrosAteOFim} quadros, última linha mostrada: ${t.ultimaLinha ? 'sim' : 'não'}`,
      );
    }
  };
  if (bancos.pglite) mostrar('PGlite', await benchProdutos());
  if (bancos.postgres) mostrar('PostgreSQL', await benchProdutos(bancos.postgres, !bancos.pglite));
  console.log('forma: uma consulta escreve o JSON de cada item no banco; a resposta fica guardada por empresa, direitos e corpo enquanto a impressão dos registros (contagem, versões, última alteração) não muda; mudada, só os itens de registros alterados são escritos de novo');
}

/** A year of 10 stores on PostgreSQL; a smaller shape on the embedded database, which is single-process and would take long to fill. */
export async function parteRelatorios(bancos: Bancos & { reusar?: boolean }) {
  const rodadas: [string, string | undefined, { lojas: number; dias: number; porDia: number }][] = [];
  if (bancos.pglite) rodadas.push(['banco embutido', undefined, { lojas: 5, dias: 90, porDia: 200 }]);
  if (bancos.postgres) rodadas.push(['PostgreSQL', bancos.postgres, { lojas: 10, dias: 365, porDia: 270 }]);
  for (const [banco, url, escala] of rodadas) {
    console.log(`\n# Relatórios de vendas: ${escala.lojas} lojas × ${escala.dias} dias × ${escala.porDia} vendas (${banco}); um mês do grupo (outubro)`);
    const rel = await benchRelatorios(url, escala, { reusar: bancos.reusar });
    console.log(`${rel.vendas.toLocaleString('pt-BR')} vendas e ${rel.itens.toLocaleString('pt-BR')} itens ${rel.reusado ? 'já gravados (banco mantido em BENCH_PG_DIR)' : `gravados por SQL em ${(rel.semear / 1000).toFixed(1)} s`}`);
    console.log(`relatorioVenda, por dia, na API: ${rel.api30.toFixed(0)} ms (meta 150 ms; razão ${razao(rel.api30, 150)} da meta)`);
    console.log(`o mesmo cálculo em um SQL escrito à mão sobre as vendas: ${rel.manual.toFixed(0)} ms (razão API/SQL: ${(rel.api30 / rel.manual).toFixed(2)}; meta ≤ 1,5)`);
    console.log(`o mesmo cálculo à mão sobre o resumo por hora (${rel.resumo.toLocaleString('pt-BR')} linhas): ${rel.manualResumo.toFixed(0)} ms (razão API/SQL: ${(rel.api30 / rel.manualResumo).toFixed(2)}: o que a API soma à sua consulta)`);
    console.log(`painel do dia (POST /api/dashboard): ${rel.painel.toFixed(0)} ms (meta 100 ms; razão ${razao(rel.painel, 100)} da meta)`);
    for (const o of rel.outros) {
      const mao = o.manual === undefined ? '' : `; SQL à mão ${o.manual.toFixed(0)} ms, razão API/SQL ${(o.ms / o.manual).toFixed(2)} (meta ≤ 1,5)`;
      console.log(`${o.tela}, na API: ${o.ms.toFixed(0)} ms (meta 300 ms; razão ${razao(o.ms, 300)} da meta${mao}; ${o.fonte})`);
    }
  }
  console.log(
    'forma: tabelas tipadas venda/venda_item/venda_pagamento com índices (grupo, empresa, fechado_em); relatorioVenda lê o resumo venda_resumo_hora ' +
      '(empresa, dia e hora locais, canal, terminal, operador), mantido na mesma transação de cada venda e cancelamento; um período por hora que começa ou termina fora da hora cheia soma as vendas',
  );
}

export async function parteLeve(bancos: Bancos) {
  console.log('\n# Uma requisição leve ao lado de relatórios pesados: GET /api/sessao sozinha e com três clientes rodando relatórios sem pausa');
  const mostrar = (banco: string, r: Awaited<ReturnType<typeof benchLeve>>) => {
    const mais = r.aoLado.p95 - r.sozinha.p95;
    console.log(`${banco}: sozinha mediana ${r.sozinha.mediana.toFixed(1)} ms, p95 ${r.sozinha.p95.toFixed(1)} ms; ao lado dos relatórios mediana ${r.aoLado.mediana.toFixed(1)} ms, p95 ${r.aoLado.p95.toFixed(1)} ms`);
    console.log(`${banco}: p95 ${mais.toFixed(1)} ms a mais (meta: ≤ 50 ms; razão ${razao(mais, 50)} da meta)`);
    console.log(`${banco}: relatórios (mediana): ${r.relatorios.map((x) => `${x.rota} ${x.mediana.toFixed(0)} ms (${x.vezes}×)`).join(', ')}`);
  };
  if (bancos.pglite) mostrar('banco embutido', await benchLeve());
  if (bancos.postgres) mostrar('PostgreSQL', await benchLeve(bancos.postgres));
  console.log(`forma: Grupo Demonstração com \`seed --lojas ${(process.env.BENCH_LEVE ?? '3x60').replace('x', ' --dias ')}\`; relatórios do ano inteiro, os de produtos com filtro de canal (somam os itens); uma sessão a cada 20 ms`);
}

export async function executarEscala(args: string[]) {
  const [parte, ...opcoes] = args;
  const pglite = !opcoes.includes('--pg');
  const comPostgres = !opcoes.includes('--pglite');
  const pg = comPostgres ? await postgresDoBench() : undefined;
  try {
    if (parte === 'produtos') await parteProdutos({ pglite, postgres: pg?.url });
    if (parte === 'relatorios') await parteRelatorios({ pglite, postgres: pg?.url, reusar: pg?.mantido });
    if (parte === 'leve') await parteLeve({ pglite, postgres: pg && (await bancoNovo(pg.url, 'bench_leve')) });
  } finally {
    await pg?.stop();
  }
}
