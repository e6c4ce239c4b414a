// `node --import tsx e2e/screenshotsProdutos.ts [out-dir]`: pictures of the menu, buffet and label
// screens in light and dark, with a product, its price and a menu created through the API first.
import { capturarEmCadaTema, post } from './support/capturas.ts';

let cardapioId = '';
await capturarEmCadaTema(async ({ page, server, api, primeiro, shot }) => {
  if (!cardapioId) {
    const un = await post(page, `${api}/unidadeMedida`, { sigla: 'UN', descricao: 'Unidade' });
    const bacon = await post(page, `${api}/produtoGeral`, { descricao: 'Bacon extra', unidade: un._id });
    const burger = await post(page, `${api}/produtoGeral`, {
      descricao: 'X-Burger da casa',
      unidade: un._id,
      complementos: [
        { nome: 'Ponto da carne', minimo: 1, maximo: 1, itens: [{ descricao: 'Mal passado' }, { descricao: 'Ao ponto' }, { descricao: 'Bem passado' }] },
        { nome: 'Adicionais', minimo: 0, maximo: 3, itens: [{ produto: bacon._id, precoAdicional: 450 }, { descricao: 'Ovo', precoAdicional: 300 }] },
      ],
    });
    const suco = await post(page, `${api}/produtoGeral`, { descricao: 'Suco de laranja 500 ml', unidade: un._id });
    const refri = await post(page, `${api}/produtoGeral`, { descricao: 'Refrigerante lata', unidade: un._id });
    for (const [produto, preco] of [[burger._id, 3290], [suco._id, 1190], [bacon._id, 450]] as const) {
      const res = await page.request.post(`${api}/produtoGeralEmpresa`, { data: { produtoGeral: produto, preco } });
      if (res.status() === 404) break; // produtoGeralEmpresa not built yet
    }
    const cardapio = await post(page, `${api}/cardapio`, {
      descricao: 'Almoço',
      canais: ['Salão', 'QR Code'],
      secoes: [
        { nome: 'Lanches', descricao: 'Pão brioche e blend de 180 g', produtos: [burger._id] },
        { nome: 'Bebidas', produtos: [suco._id, refri._id] },
      ],
    });
    cardapioId = cardapio._id;
    await post(page, `${api}/periodoPorHora`, { descricao: 'Almoço', horaInicio: '11:00', horaFim: '15:00' });
    await post(page, `${api}/modeloEtiqueta`, { descricao: 'Gôndola 75×40', validadeDias: 3 });
    await post(page, `${api}/impressora`, { descricao: 'Zebra balcão', modelo: 'ZD220', conexao: 'USB' });
  }
  await page.goto(`${server.url}/criarCardapio?cardapio=${cardapioId}`);
  await page.getByTestId('cardapio-pendencias').or(page.getByTestId('vitrine-preco').first()).first().waitFor();
  await shot('criar-cardapio');
  await page.goto(`${server.url}/cardapio`);
  await page.getByTestId('recurso-linha').first().waitFor();
  await shot('cardapios');
  if (primeiro) {
    const almoco = (await (await page.request.post(`${api}/periodoPorHora/getPopulate`, { data: { filtro: { descricao: 'Almoço' } } })).json()).data[0];
    await post(page, `${api}/cardapioBuffet`, {
      descricao: 'Buffet por quilo',
      tara: '0,350',
      precos: [
        { dias: ['Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta'], periodo: almoco._id, precoKg: 6990 },
        { dias: ['Sábado', 'Domingo'], precoKg: 8990 },
      ],
    });
  }
  await page.goto(`${server.url}/cardapioBuffet`);
  await page.getByTestId('recurso-linha').first().waitFor();
  await page.getByTestId('buffet-peso').fill('0,862');
  await page.getByTestId('buffet-hora').fill('12:00');
  await page.getByTestId('buffet-dia').click();
  await page.getByRole('option', { name: 'Terça' }).click();
  await shot('buffet');
  await page.getByTestId('recurso-linha').first().getByTestId('recurso-acao-editar').click();
  await page.getByTestId('recurso-form').waitFor();
  await shot('buffet-formulario');
  await page.goto(`${server.url}/cardapio`);
  await page.getByTestId('recurso-linha').first().getByTestId('recurso-acao-editar').click();
  await page.getByTestId('recurso-form').waitFor();
  await shot('cardapio-formulario');
  await page.goto(`${server.url}/conversaoTotem`);
  if (primeiro) await page.getByTestId('totem-converter').click();
  await page.locator('[data-testid^="totem-item-"]').first().waitFor();
  await page.getByTestId('totem-previa').scrollIntoViewIfNeeded();
  await shot('totem');
  await page.goto(`${server.url}/gerenciarEtiquetas`);
  await page.getByTestId('etiquetas-imprimir').waitFor();
  await page.getByTestId('etiquetas-impressora').click();
  await page.getByRole('option', { name: 'Zebra balcão' }).click();
  await page.getByTestId('etiquetas-modelo').click();
  await page.getByRole('option', { name: 'Gôndola 75×40' }).click();
  await page.getByTestId('etiquetas-produto').click();
  await page.getByTestId('etiquetas-produto').fill('burger');
  await page.getByRole('option', { name: /X-Burger/ }).click();
  await page.getByTestId('etiqueta-previa').waitFor();
  await page.getByTestId('etiquetas-imprimir').scrollIntoViewIfNeeded();
  await shot('etiquetas');
});
