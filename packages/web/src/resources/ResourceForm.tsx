import { Alert, Button, Drawer, Group, Kbd, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { breakpoints, type Campo, type RecursoDef } from '@retaguarda/domain';
import { IconAlertTriangle, IconLock, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../app/ConfirmDialog.tsx';
import { useAbertoAlgumaVez } from '../app/useAbertoAlgumaVez.ts';
import { AbasDoFormulario } from './AbasDoFormulario.tsx';
import { AlertasDoFormulario } from './AlertasDoFormulario.tsx';
import { CampoInput } from './CampoInput.tsx';
import { RecursoDoFormulario } from './RecursoDoFormulario.ts';
import { Avisos } from './ResourceList.tsx';
import { campos, itensDe, mudancas, novoItem, obrigatorio, visivel } from './formValues.ts';
import { generoDe, rotuloNaFrase } from './genero.ts';
import type { Formulario } from './listState.ts';
import { useResourceForm, type ResourceFormController } from './useResourceForm.ts';

interface ResourceFormProps {
  recurso: RecursoDef;
  formulario: Formulario;
  onClose: () => void;
  /** Entity-specific parts below the fields (e.g. the company's certificate upload). */
  extra?: ((form: ResourceFormController) => ReactNode) | undefined;
  /** An entity's own warning about the record being edited, at the top (shown read-only too). */
  aviso?: ((form: ResourceFormController) => ReactNode) | undefined;
  /** False when the access profile does not allow saving this form (it opens read-only). */
  podeSalvar?: boolean;
  /** With declared tabs (abas): the one that opens first (the IPI screen opens on IPI). */
  abaInicial?: string | undefined;
}

/** Kinds whose editor needs the width of the screen, not of a side panel. */
const LARGOS = new Set(['permissoes']);

/** Asks before throwing typed input away. OK (Descartar) has the focus, as in every confirmation. */
export function DescartarDialog({ opened, onDescartar, onCancelar }: { opened: boolean; onDescartar: () => void; onCancelar: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      opened={opened}
      title={t('recurso.descartarTitulo')}
      okLabel={t('recurso.descartar')}
      okColor="red"
      cancelLabel={t('recurso.continuarEditando')}
      onOk={onDescartar}
      onCancel={onCancelar}
      zIndex={400}
      testIds={{ dialogo: 'descartar-dialogo', ok: 'descartar-ok', cancelar: 'descartar-cancelar' }}
    >
      {t('recurso.descartarTexto')}
    </ConfirmDialog>
  );
}

/** Every field of the declaration, bound to the form controller (drawer and single-record page alike). */
export function CamposDoFormulario({
  recurso,
  form,
  editandoId,
  somenteLeitura = false,
  abaInicial,
}: {
  recurso: RecursoDef;
  form: ResourceFormController;
  editandoId?: string | undefined;
  somenteLeitura?: boolean;
  /** With declared tabs (abas): the one that opens first. */
  abaInicial?: string | undefined;
}) {
  const relacoes = (recurso.relacoes ?? {}) as Record<string, string | undefined>;
  // A person-type field ('Física' / 'Jurídica') picks the CPF or CNPJ mask.
  const tipoPessoa = [form.valores.tipo, form.valores.tipoPessoa].find((v): v is string => v === 'Física' || v === 'Jurídica');
  const visiveis = campos(recurso).filter(([, campo]) => visivel(campo, form.valores) && !(campo.somenteNovo && editandoId) && !campo.naSecaoDaTela);
  const renderizar = (nome: string, campo: Campo, i: number) => (
    <CampoInput
      key={nome}
      nome={nome}
      campo={campo}
      valor={form.valores[nome]}
      erro={form.erros[nome]}
      erros={form.erros}
      tipoPessoa={tipoPessoa}
      novoItem={(n, c) => novoItem(recurso, n, c)}
      onChange={(v) => {
        // A new UF clears the city picked for the old one (formValues.mudancas).
        for (const [k, valor] of Object.entries(mudancas(recurso.campos, nome, v, form.valores))) form.setValor(k, valor);
      }}
      irmaos={form.valores}
      onIrmaos={(m) => {
        for (const [k, valor] of Object.entries(m)) form.setValor(k, valor);
      }}
      errosIrmaos={form.erros}
      irmaosCampos={recurso.campos}
      alvo={relacoes[nome]}
      relacoes={relacoes}
      proprioId={relacoes[nome] === recurso.nome ? editandoId : undefined}
      autoFocus={i === 0}
      somenteLeitura={somenteLeitura}
      obrigatorio={obrigatorio(recurso, nome)}
    />
  );
  return (
    <RecursoDoFormulario.Provider value={recurso.nome}>
      {recurso.abas?.length ? (
        <AbasDoFormulario abas={recurso.abas} campos={visiveis} erros={form.erros} abaInicial={abaInicial} renderizar={renderizar} />
      ) : (
        visiveis.map(([nome, campo], i) => renderizar(nome, campo, i))
      )}
    </RecursoDoFormulario.Provider>
  );
}

/** A form with a lista of wide items (addresses) needs room for two fields side by side. */
// Four columns (product, kind, price, %) do not fit the narrow drawer either.
const temListaLarga = (recurso: RecursoDef) => campos(recurso).some(([, c]) => c.tipo === 'lista' && itensDe(c).length >= 4);

/** The form drawer of a resource, opened by ?novo=1, ?novo=1&duplicar=<id> or ?editar=<id>. */
export function ResourceForm({ recurso, formulario, onClose, extra, aviso, podeSalvar = true, abaInicial }: ResourceFormProps) {
  const { t } = useTranslation();
  const fechandoSalvo = useRef(false);
  const form = useResourceForm(recurso, formulario, () => {
    fechandoSalvo.current = true;
    onClose();
  });
  const [confirmarFechar, setConfirmarFechar] = useState(false);
  // On a phone the drawer takes the whole width.
  const estreito = useMediaQuery(`(max-width: ${breakpoints.sm}px)`);
  const aberto = formulario !== null;
  // The drawer joins the page when first opened: closed, it was rendered with every list screen's load.
  const montado = useAbertoAlgumaVez(aberto);
  const somenteLeitura = !podeSalvar;
  const protegido = aberto && !somenteLeitura && form.dirty && !fechandoSalvo.current;

  useEffect(() => {
    if (aberto) fechandoSalvo.current = false;
  }, [aberto, formulario]);

  // Leaving the screen with unsaved input asks first; so do reload and closing the tab.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => protegido && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!protegido) return;
    const avisar = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', avisar);
    return () => window.removeEventListener('beforeunload', avisar);
  }, [protegido]);

  const fechar = () => {
    if (protegido) setConfirmarFechar(true);
    else onClose();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !somenteLeitura) {
      e.preventDefault();
      form.submit();
    }
  };

  const titulo =
    formulario?.modo === 'editar' && somenteLeitura
      ? t('recurso.tituloVer', { rotulo: rotuloNaFrase(recurso.rotulo) })
      : formulario?.modo === 'editar'
      ? t('recurso.tituloEditar', { rotulo: rotuloNaFrase(recurso.rotulo) })
      : formulario?.modo === 'novo' && formulario.duplicar
        ? t('recurso.tituloDuplicar', { rotulo: rotuloNaFrase(recurso.rotulo) })
        : t('recurso.tituloNovo', { rotulo: rotuloNaFrase(recurso.rotulo), context: generoDe(recurso) });

  const editandoId = formulario?.modo === 'editar' ? formulario.id : undefined;

  return (
    <>
      {montado ? (
        <Drawer
          opened={aberto}
          onClose={fechar}
          position="right"
          size={estreito ? '100%' : campos(recurso).some(([, c]) => LARGOS.has(c.tipo)) ? 'min(1100px, 100%)' : campos(recurso).some(([, c]) => c.tipo === 'objeto') || temListaLarga(recurso) ? 'xl' : 'md'}
          title={<Text fw={600} size="lg">{titulo}</Text>}
          closeButtonProps={{ 'aria-label': t('recurso.fechar') }}
          data-testid="recurso-form-drawer"
          // The body fills the drawer under its title: the fields scroll in their own box and the footer
          // (Salvar) stays below it, never drawn over a field nor a field's icons over it.
          styles={{
            content: { display: 'flex', flexDirection: 'column', overflow: 'hidden' },
            header: { flexShrink: 0 },
            body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', padding: 0 },
          }}
        >
          {form.carregando ? (
            <Group justify="center" py="xl">
              <Loader />
            </Group>
          ) : form.erroCarga ? (
            <Alert color="red" m="md" icon={<IconAlertTriangle size={18} />} data-testid="recurso-form-erro">
              {form.erroCarga.message || t('recurso.naoEncontrado')}
            </Alert>
          ) : (
            <form
              key={form.abertura}
              noValidate
              onKeyDown={onKeyDown}
              onSubmit={(e) => {
                e.preventDefault();
                if (!somenteLeitura) form.submit();
              }}
              data-testid="recurso-form"
              data-recurso={recurso.nome}
              style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
            >
              <Stack gap="md" px="md" pt={4} pb="xl" style={{ flex: 1, minHeight: 0, overflowY: 'auto' }} data-testid="recurso-form-corpo">
                <Avisos recurso={recurso} />
                <AlertasDoFormulario recurso={recurso} valores={form.valores} />
                {aviso?.(form)}
                {somenteLeitura ? (
                  <Alert color="gray" icon={<IconLock size={18} />} data-testid="recurso-somente-leitura">
                    {t('recurso.somenteLeitura')}
                  </Alert>
              ) : null}
              {form.naLixeira ? (
                <Alert color="orange" icon={<IconTrash size={18} />}>
                  {t('recurso.naLixeira')}
                </Alert>
              ) : null}
              <ErroDoFormulario form={form} />
              <fieldset disabled={somenteLeitura} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
                <Stack gap="md">
                  <CamposDoFormulario recurso={recurso} form={form} editandoId={editandoId} somenteLeitura={somenteLeitura} abaInicial={abaInicial} />
                </Stack>
              </fieldset>
              {extra?.(form)}
            </Stack>
            <Group
              justify="flex-end"
              py="sm"
              px="md"
              style={{
                flexShrink: 0,
                background: 'var(--mantine-color-body)',
                borderTop: '1px solid var(--mantine-color-default-border)',
              }}
              data-testid="recurso-form-rodape"
            >
              <Text size="xs" c="dimmed" visibleFrom="xs" mr="auto">
                <Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">Enter</Kbd> {t('recurso.atalhoSalvarCurto')}
              </Text>
              <Group gap="sm">
                <Button variant="default" onClick={fechar} data-testid="recurso-cancelar">
                  {somenteLeitura ? t('recurso.fechar') : t('recurso.cancelar')}
                </Button>
                {somenteLeitura ? null : (
                  <Button type="submit" loading={form.salvando} data-testid="recurso-salvar">
                    {t('recurso.salvar')}
                  </Button>
                )}
              </Group>
            </Group>
          </form>
        )}
      </Drawer>
      ) : null}
      <DescartarDialog
        opened={confirmarFechar || blocker.state === 'blocked'}
        onCancelar={() => {
          setConfirmarFechar(false);
          if (blocker.state === 'blocked') blocker.reset();
        }}
        onDescartar={() => {
          setConfirmarFechar(false);
          fechandoSalvo.current = true;
          if (blocker.state === 'blocked') blocker.proceed();
          else onClose();
        }}
      />
    </>
  );
}

/** The form's general error (a refusal not tied to a field); a stale version offers reloading the record. */
export function ErroDoFormulario({ form }: { form: Pick<ResourceFormController, 'erroGeral' | 'desatualizado' | 'recarregar'> }) {
  const { t } = useTranslation();
  if (!form.erroGeral) return null;
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="recurso-form-erro" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{form.erroGeral}</Text>
        {form.desatualizado ? (
          <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} />} onClick={() => void form.recarregar()} data-testid="recurso-recarregar">
            {t('recurso.recarregarRegistro')}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
