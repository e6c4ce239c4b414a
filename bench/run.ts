// `npm run bench`: prints ratios measured in one run (the machine is shared and noisy; absolute
// numbers are only context). Needs the built web app (npm run build) and Debian's chromium.
import { createServer } from 'node:net';
import { benchIbpt } from './ibpt.ts';
import { benchLoginBundle } from './loginBundle.ts';
import { benchProdutos } from './produtos.ts';
import { benchSessao } from './sessao.ts';
import { benchVendas, CONCORRENCIA as CONCORRENCIA_VENDAS } from './vendas.ts';
import { bancoNovo } from './banco.ts';
import { benchRelatorios } from './relatorios.ts';
import { benchRecuperacao } from './recuperacao.ts';
import { mostrarVendaInsumos } from './vendaInsumos.ts';
import { executarEstoque } from './estoque.ts';
import { benchLeve } from './leve.ts';
import { executarConciliacao } from './conciliacao.ts';
import { executarNfe } from './nfe.ts';
import { executarDre } from './dre.ts';
import { executarLighthouse } from './lighthouse.ts';
import { executarSugestao } from './sugestao.ts';

// `npm run bench -- estoque [--movimentos N …]`: only the stock bench (its flags in bench/estoque.ts).
if (process.argv[2] === 'estoque') {
  await executarEstoque(process.argv.slice(3));
  process.exit(0);
}

// `npm run bench -- sugestao [--lojas 10] [--insumos 2000] [--linhas 2000]`: only the order suggestion bench (bench/sugestao.ts).
if (process.argv[2] === 'sugestao') {
  await executarSugestao(process.argv.slice(3));
  process.exit(0);
}

// `npm run bench -- nfe`: only the supplier NF-e entry bench (bench/nfe.ts).
if (process.argv[2] === 'nfe') {
  await executarNfe();
  process.exit(0);
}

// `npm run bench -- conciliacao`: only the bank reconciliation bench (bench/conciliacao.ts).
if (process.argv[2] === 'conciliacao') {
  await executarConciliacao();
  process.exit(0);
}

// `npm run bench -- dre [--lojas 10] [--linhas 12]`: only the income statement bench (bench/dre.ts).
if (process.argv[2] === 'dre') {
  await executarDre(process.argv.slice(3));
  process.exit(0);
}

// `npm run bench -- lighthouse [/caminho …]`: only Lighthouse on /login and two signed-in screens (bench/lighthouse.ts).
if (process.argv[2] === 'lighthouse') {
  await executarLighthouse(process.argv.length > 3 ? process.argv.slice(3) : undefined);
  process.exit(0);
}

const port = await new Promise<number>((done) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const address = probe.address();
    probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
  });
});

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

console.log('# GET /api/sessao contra uma rota Fastify vazia (mesma máquina, mesma execução)');
const mostrarSessao = (banco: string, r: Awaited<ReturnType<typeof benchSessao>>) => {
  console.log(`${banco}: GET /api/sessao: ${r.sessao.toFixed(0)} req/s; rota vazia: ${r.bare.toFixed(0)} req/s`);
  console.log(`${banco}: razão sessao/vazia: ${(r.sessao / r.bare).toFixed(3)} (meta: ≥ 0,5; erros: ${r.errors})`);
};
mostrarSessao('banco embutido', await benchSessao(port));
if (process.env.DATABASE_URL) mostrarSessao('PostgreSQL', await benchSessao(port, await bancoNovo(process.env.DATABASE_URL, 'bench_sessao')));
console.log('forma: a sessão (usuário, grupo, empresa, direitos e a resposta de /api/sessao) fica na memória do processo até 30 s; saída, senha, perfil, usuário, empresa ou grupo alterados a descartam no COMMIT, nos outros processos por NOTIFY');

console.log('\n# POST /api/recuperarSenha: e-mail cadastrado contra e-mail desconhecido (mesma execução)');
const recuperacao = await benchRecuperacao();
console.log(`mediana com cadastro: ${recuperacao.conhecido.toFixed(1)} ms; sem cadastro: ${recuperacao.desconhecido.toFixed(1)} ms (${recuperacao.pedidos} pedidos de cada)`);
console.log(`razão com/sem cadastro: ${(recuperacao.conhecido / recuperacao.desconhecido).toFixed(2)} (meta: perto de 1; a busca e o link são feitos depois da resposta)`);

console.log('\n# JavaScript carregado por /login');
const scripts = await benchLoginBundle();
for (const script of scripts) console.log(`${script.url}: ${kb(script.raw)} (gzip ${kb(script.gzip)})`);
const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
console.log(`total gzip: ${kb(total)} em ${scripts.length} arquivos`);

console.log('\n# Importação da tabela do IBPT (amostra real, 11.390 linhas) pela API, no banco embutido');
const ibpt = await benchIbpt();
console.log(`importação: ${ibpt.importacao.toFixed(0)} ms (meta: 2000 ms; razão ${(ibpt.importacao / 2000).toFixed(2)} da meta)`);
console.log(`só a leitura do CSV: ${ibpt.parse.toFixed(0)} ms (razão importação/leitura: ${(ibpt.importacao / ibpt.parse).toFixed(1)})`);
console.log('forma: uma transação; linhas gravadas com um INSERT … SELECT FROM unnest(arrays) de 13 parâmetros de array');

// On a shared machine the rate depends on who else is running; the CPU each order costs does not
// (much), and says what rate two free cores would reach.
const mostrarVendas = (banco: string, r: Awaited<ReturnType<typeof benchVendas>>) => {
  const capacidade = (x: typeof r.novos) => 2000 / (x.cpuServidor + x.cpuPostgres);
  console.log(`${banco}: pedidos novos: ${r.novos.porSegundo.toFixed(0)} por segundo medidos (meta: 300; razão ${(r.novos.porSegundo / 300).toFixed(2)} da meta; erros: ${r.novos.erros})`);
  console.log(
    `${banco}: CPU por pedido: servidor ${r.novos.cpuServidor.toFixed(2)} ms, banco ${r.novos.cpuPostgres.toFixed(2)} ms, terminais simulados ${r.novos.cpuRemetente.toFixed(2)} ms; ` +
      `com 2 núcleos livres ≈ ${capacidade(r.novos).toFixed(0)} pedidos por segundo (razão ${(capacidade(r.novos) / 300).toFixed(2)} da meta)`,
  );
  console.log(`${banco}: mesmos pedidos de novo: ${r.repetidos.porSegundo.toFixed(0)} por segundo, ${r.repetidos.duplicados} de ${r.pedidos} respondidos como já recebidos (razão repetidos/novos: ${(r.repetidos.porSegundo / r.novos.porSegundo).toFixed(2)})`);
};
console.log('\n# Recebimento de vendas dos terminais (POST /api/vendas)');
mostrarVendas('banco embutido', await benchVendas());
if (process.env.DATABASE_URL) mostrarVendas('PostgreSQL', await benchVendas(await bancoNovo(process.env.DATABASE_URL, 'bench_vendas')));
console.log(
  `forma: ${CONCORRENCIA_VENDAS} terminais enviando ao mesmo tempo, cada um um pedido após o outro; os pedidos de uma empresa são gravados juntos em uma transação ` +
    '(group commit): um pedido que não encontra nada rodando abre a transação na hora, e ela toma o lote só depois do BEGIN, com os que chegaram enquanto abria; ' +
    'BEGIN e a troca de papel e de inquilino em uma só ida ao banco; credencial do terminal lembrada por 30 s, ' +
    'cinco idas ao banco por lote: BEGIN; referências, códigos fiscais e o que o estoque precisa dos produtos em uma consulta preparada; venda, itens, pagamentos, ' +
    'transferências, resumo por hora, pendências, produtos do dia e a trava dos custos dos produtos em um só comando preparado (jsonb_to_recordset); os movimentos de estoque ' +
    '(saldos, custos médios, totais da posição) em outro; COMMIT; idempotência pelo índice único (grupo, terminal, pedidoId) com ON CONFLICT DO NOTHING; sem uma linha de log por pedido; ' +
    'no banco embutido, as mensagens do protocolo que chegam juntas vão ao PGlite de uma vez',
);

console.log('\n# getListaProdutoGeralEmpresa: grupo com 20.000 produtos vendidos em 5 empresas (uma empresa pede a sua lista)');
const mostrarProdutos = (banco: string, r: Awaited<ReturnType<typeof benchProdutos>>) => {
  const mib = (r.bytes / 1024 / 1024).toFixed(1);
  console.log(`${banco}: getListaProdutoGeralEmpresa sem mudança desde a última chamada: ${r.endpoint.toFixed(0)} ms (${r.itens} itens, ${mib} MiB; meta 150 ms; razão ${(r.endpoint / 150).toFixed(2)} da meta)`);
  console.log(`${banco}: logo após a mudança de um produto (resposta montada de novo): ${r.endpointAposMudanca.toFixed(0)} ms`);
  console.log(`${banco}: SQL escrito à mão com as mesmas linhas ${r.manual.toFixed(0)} ms (${r.linhasManual} linhas)`);
  console.log(`${banco}: razão endpoint/SQL à mão: ${(r.endpoint / r.manual).toFixed(2)} sem mudança, ${(r.endpointAposMudanca / r.manual).toFixed(2)} após a mudança (meta: até 2)`);
};
const produtosPglite = await benchProdutos();
mostrarProdutos('PGlite', produtosPglite);
for (const { nome, r } of produtosPglite.telas) {
  console.log(
    `tela /${nome}?por=todos no Chromium: aberta em ${r.abrir.toFixed(0)} ms; ${r.linhasNoDom} linhas no DOM (lista virtualizada); ` +
      `rolagem (120 px por quadro, ${r.quadros} quadros): mediana ${r.medianaQuadro.toFixed(1)} ms, p95 ${r.p95Quadro.toFixed(1)} ms, pior ${r.piorQuadro.toFixed(0)} ms, ` +
      `${r.quadrosLentos} acima de 50 ms; até o fim em ${r.quadrosAteOFim} quadros, última linha mostrada: ${r.ultimaLinha ? 'sim' : 'não'}`,
  );
}
if (process.env.DATABASE_URL) mostrarProdutos('PostgreSQL', await benchProdutos(process.env.DATABASE_URL, false));
else console.log('PostgreSQL: defina DATABASE_URL (um usuário que pode criar bancos) para medir também no PostgreSQL');
console.log('forma: uma consulta escreve o JSON no banco; a resposta fica guardada por empresa, direitos e corpo enquanto a impressão dos registros (contagem, versões, última alteração) não muda');

// A year of 10 stores on PostgreSQL (DATABASE_URL); a smaller shape on the embedded database, which is
// single-process and would take many minutes to fill.
const escalaRelatorios = process.env.DATABASE_URL ? { lojas: 10, dias: 365, porDia: 270 } : { lojas: 5, dias: 90, porDia: 200 };
console.log(`\n# Relatórios de vendas: ${escalaRelatorios.lojas} lojas × ${escalaRelatorios.dias} dias × ${escalaRelatorios.porDia} vendas (${process.env.DATABASE_URL ? 'PostgreSQL' : 'banco embutido'})`);
const rel = await benchRelatorios(process.env.DATABASE_URL, escalaRelatorios);
console.log(`${rel.vendas.toLocaleString('pt-BR')} vendas e ${rel.itens.toLocaleString('pt-BR')} itens gravados por SQL em ${(rel.semear / 1000).toFixed(1)} s`);
console.log(`relatorioVenda, um mês do grupo por dia, na API: ${rel.api30.toFixed(0)} ms (meta 150 ms; razão ${(rel.api30 / 150).toFixed(2)} da meta)`);
console.log(`o mesmo cálculo em um SQL escrito à mão sobre as vendas: ${rel.manual.toFixed(0)} ms (razão API/SQL: ${(rel.api30 / rel.manual).toFixed(2)}; meta ≤ 1,5)`);
console.log(`o mesmo cálculo à mão sobre o resumo por hora (${rel.resumo.toLocaleString('pt-BR')} linhas): ${rel.manualResumo.toFixed(0)} ms (razão API/SQL: ${(rel.api30 / rel.manualResumo).toFixed(2)}: o que a API soma à sua consulta)`);
console.log(`painel do dia (POST /api/dashboard): ${rel.painel.toFixed(0)} ms (meta 100 ms; razão ${(rel.painel / 100).toFixed(2)} da meta)`);
const doResumoDiario = new Set(['relatorioVendaProdutos', 'listaProdutosVendidos']);
for (const o of rel.outros)
  console.log(
    `${o.tela}, o mesmo mês do grupo, na API: ${o.ms.toFixed(0)} ms (meta 300 ms; razão ${(o.ms / 300).toFixed(2)} da meta; ` +
      (doResumoDiario.has(o.tela) ? 'lê os produtos por dia mantidos com cada venda)' : 'lê vendas e itens)'),
  );
console.log(`relatorioVendaProdutos à mão sobre os produtos por dia: ${rel.manualProdutos.toFixed(0)} ms (razão API/SQL: ${(rel.outros.find((o) => o.tela === 'relatorioVendaProdutos')!.ms / rel.manualProdutos).toFixed(2)}; meta ≤ 1,5)`);
console.log(
  'forma: tabelas tipadas venda/venda_item/venda_pagamento com índices (grupo, empresa, fechado_em); relatorioVenda lê o resumo venda_resumo_hora ' +
    '(empresa, dia e hora locais, canal, terminal, operador), mantido na mesma transação de cada venda e cancelamento; um período por hora que começa ou termina fora da hora cheia soma as vendas',
);

console.log('\n# Uma requisição leve ao lado de relatórios pesados: GET /api/sessao sozinha e com três clientes rodando relatórios sem pausa');
const mostrarLeve = (banco: string, r: Awaited<ReturnType<typeof benchLeve>>) => {
  const mais = r.aoLado.p95 - r.sozinha.p95;
  console.log(`${banco}: sozinha mediana ${r.sozinha.mediana.toFixed(1)} ms, p95 ${r.sozinha.p95.toFixed(1)} ms; ao lado dos relatórios mediana ${r.aoLado.mediana.toFixed(1)} ms, p95 ${r.aoLado.p95.toFixed(1)} ms`);
  console.log(`${banco}: p95 ${mais.toFixed(1)} ms a mais (meta: ≤ 50 ms; razão ${(mais / 50).toFixed(2)} da meta)`);
  console.log(`${banco}: relatórios (mediana): ${r.relatorios.map((x) => `${x.rota} ${x.mediana.toFixed(0)} ms (${x.vezes}×)`).join(', ')}`);
};
mostrarLeve('banco embutido', await benchLeve());
if (process.env.DATABASE_URL) mostrarLeve('PostgreSQL', await benchLeve(await bancoNovo(process.env.DATABASE_URL, 'bench_leve')));
console.log(`forma: Grupo Demonstração com \`seed --lojas ${(process.env.BENCH_LEVE ?? '3x60').replace('x', ' --dias ')}\`; relatórios do ano inteiro, os de produtos com filtro de canal (somam os itens); uma sessão a cada 20 ms`);

await mostrarVendaInsumos();

await executarConciliacao();
