import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const requerer = createRequire(import.meta.url);
const PDFJS = pathToFileURL(requerer.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;
/** pdf.js's metrics of the 14 standard fonts, which a DANFE uses (without them it warns on every page). */
const FONTES = path.join(path.dirname(requerer.resolve('pdfjs-dist/package.json')), 'standard_fonts/');

/**
 * pdf.js runs in a thread of its own, never imported into the test worker: its legacy build (the one for
 * Node 20) bundles core-js, which replaces globals when loaded, JSON.parse among them (Node 20 has no
 * JSON.parse source access), and core-js's JSON.parse with a reviver accepts an object cut after a comma
 * ('{"merchantId": "x",' → {merchantId: 'x'}). The server test files of a worker share its globals
 * (isolate: false), so a file run after danfe.test.ts in the same worker parsed broken JSON that the
 * server refuses (lerJsonBruto passes a reviver): the delivery webhook's broken-JSON check answered 404.
 */
const LEITOR = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { getDocument } = await import(workerData.pdfjs);
  const pdf = await getDocument({ data: workerData.bytes, useSystemFonts: false, isEvalSupported: false, standardFontDataUrl: workerData.fontes }).promise;
  const paginas = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const conteudo = await (await pdf.getPage(n)).getTextContent();
    paginas.push(conteudo.items.map((i) => ('str' in i ? i.str : '')).join('\\n'));
  }
  await pdf.destroy();
  parentPort.postMessage({ paginas });
})().catch((erro) => parentPort.postMessage({ erro: erro instanceof Error ? erro.stack ?? erro.message : String(erro) }));
`;

/** The text of each page of a PDF, read back with pdf.js (Mozilla's reader), one line per text run. */
export function textoDoPdf(bytes: Uint8Array): Promise<string[]> {
  return new Promise((pronto, falhar) => {
    const leitor = new Worker(LEITOR, { eval: true, workerData: { pdfjs: PDFJS, fontes: FONTES, bytes: new Uint8Array(bytes) } });
    leitor.once('message', (resposta: { paginas: string[] } | { erro: string }) => {
      if ('erro' in resposta) falhar(new Error(`pdf.js: ${resposta.erro}`));
      else pronto(resposta.paginas);
      void leitor.terminate();
    });
    leitor.once('error', falhar);
    // Ignored once settled.
    leitor.once('exit', (codigo) => falhar(new Error(`O leitor de PDF terminou sem resposta (código ${codigo}).`)));
  });
}
