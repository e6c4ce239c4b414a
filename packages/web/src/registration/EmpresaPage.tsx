import { findRecurso } from '@retaguarda/domain';
import { Tela } from '../resources/ResourceScreen.tsx';
import { CertificadoSecao } from './CertificadoSecao.tsx';

const empresa = findRecurso('empresa')!;

/** The generic list and form of companies, plus the A1 certificate upload in the form. */
export default function EmpresaPage() {
  return <Tela recurso={empresa} extra={(form) => <CertificadoSecao form={form} />} />;
}
