import { Center, Loader } from '@mantine/core';
import { SPINNER_SIZE } from '@retaguarda/domain';

/** The page-loading spinner of SPEC.md §9 (size 80). */
export function PageLoader() {
  return (
    <Center mih="50vh" data-testid="carregando-pagina">
      <Loader size={SPINNER_SIZE} />
    </Center>
  );
}
