// `node --import tsx e2e/screenshotsProdutoGeral.ts [out-dir]`: pictures of the product master and
// the company's products (lists and forms) in light and dark, with products created through the API.
import { capturarEmCadaTema, post } from './support/capturas.ts';

let semeado = false;
await capturarEmCadaTema(async ({ page, server, api, shot }) => {
  if (!semeado) {
    semeado = true;
    const un = await post(page, `${api}/unidadeMedida`, { sigla: 'UN', descricao: 'Unidade' });
    const kg = await post(page, `${api}/unidadeMedida`, { sigla: 'KG', descricao: 'Quilograma', fracionado: true });
    const lanches = await post(page, `${api}/agrupador`, { descricao: 'Lanches' });
    const bebidas = await post(page, `${api}/agrupador`, { descricao: 'Bebidas' });
    const icms = await post(page, `${api}/configuracaoImposto`, { descricao: 'Simples tributado', icms: [{ uf: 'SP', cfop: '5102', csosn: '102' }] });
    const pis = await post(page, `${api}/configuracaoImpostoFederal`, { descricao: 'Simples Nacional', cstPis: '49', cstCofins: '49' });
    const bacon = await post(page, `${api}/produtoGeral`, { codigo: '101', descricao: 'Bacon extra', unidade: un._id, agrupador: lanches._id, tipoProduto: 'insumo', ncm: '02101200' });
    const produtos = [
      await post(page, `${api}/produtoGeral`, {
        codigo: '1',
        descricao: 'X-Burger da casa',
        unidade: un._id,
        agrupador: lanches._id,
        ncm: '2106.90.90',
        complementos: [
          { nome: 'Ponto da carne', minimo: 1, maximo: 1, itens: [{ descricao: 'Mal passado' }, { descricao: 'Ao ponto' }, { descricao: 'Bem passado' }] },
          { nome: 'Adicionais', minimo: 0, maximo: 3, itens: [{ produto: bacon._id, precoAdicional: 450 }, { descricao: 'Ovo', precoAdicional: 300 }] },
        ],
      }),
      await post(page, `${api}/produtoGeral`, { codigo: '2', descricao: 'Refrigerante lata 350 ml', gtin: '7894900011517', unidade: un._id, agrupador: bebidas._id, ncm: '22021000', cest: '03.007.00' }),
      await post(page, `${api}/produtoGeral`, { codigo: '3', descricao: 'Picanha na chapa (kg)', unidade: kg._id, agrupador: lanches._id, tipoProduto: 'pesável', ncm: '02013000' }),
      await post(page, `${api}/produtoGeral`, { codigo: '900', descricao: 'Taxa de entrega', unidade: un._id, tipoProduto: 'Taxa Entrega', ncm: '00000000' }),
      await post(page, `${api}/produtoGeral`, { codigo: '901', descricao: 'Taxa de serviço 10%', unidade: un._id, tipoProduto: 'Gorjeta' }),
    ];
    const precos = [[3290, 1350], [650, 320], [8990, 5200], [800, 0], [0, 0]] as const;
    for (const [i, p] of produtos.entries()) {
      const [preco, custo] = precos[i]!;
      await post(page, `${api}/produtoGeralEmpresa`, { produtoGeral: p._id, preco, custo, configuracaoImposto: icms._id, impostoFederal: pis._id, controlaEstoque: i === 2, estoqueMinimo: i === 2 ? '5,5' : null });
    }
  }
  await page.goto(`${server.url}/produtoGeral`);
  await page.getByTestId('recurso-linha').first().waitFor();
  await shot('produto-geral');
  await page.getByTestId('recurso-linha').filter({ hasText: 'X-Burger' }).getByTestId('recurso-acao-editar').click();
  await page.getByTestId('campo-complementos').waitFor();
  await shot('produto-geral-form');
  await page.getByTestId('lista-complementos-adicionar').scrollIntoViewIfNeeded();
  await shot('produto-geral-complementos');
  await page.goto(`${server.url}/produtoGeralEmpresa`);
  await page.getByTestId('recurso-linha').first().waitFor();
  await shot('produto-geral-empresa');
  await page.getByTestId('recurso-linha').filter({ hasText: 'Picanha' }).getByTestId('recurso-acao-editar').click();
  await page.getByTestId('campo-estoqueMinimo').waitFor();
  await shot('produto-geral-empresa-form');
});
