import { DocumentosEstoquePage } from './DocumentosEstoquePage.tsx';

/** estoqueSaidaManual: losses, waste and internal use taken out of a location by hand. */
export default function EstoqueSaidaManualPage() {
  return <DocumentosEstoquePage tipo="saidaManual" testid="estoque-saida-manual" />;
}
