import { DocumentosEstoquePage } from './DocumentosEstoquePage.tsx';

/** estoqueTransferenciaLocal: goods moved from one of the company's locations to another. */
export default function EstoqueTransferenciaLocalPage() {
  return <DocumentosEstoquePage tipo="transferenciaLocal" testid="estoque-transferencia-local" />;
}
