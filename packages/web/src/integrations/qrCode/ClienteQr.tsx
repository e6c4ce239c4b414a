import { Alert, Anchor, Button, Group, Modal, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clienteApi, type ClienteDaPagina } from './mesaQrApi.ts';

/**
 * The customer's sign-in on a public page (table or delivery): e-mail (or phone, by the provider's channel) →
 * a code → signed in, so the orders sent after carry their name. Hidden when the group has no OTP provider.
 * `convite` replaces the invitation (the delivery page, where signing in is required); `aoMudar` hears who is in.
 */
export function ClienteQr({ pagina, convite, aoMudar }: { pagina: string; convite?: string; aoMudar?: (e: ClienteDaPagina | null) => void }) {
  const { t } = useTranslation();
  const [estado, setEstado] = useState<ClienteDaPagina | null>(null);
  const [aberto, setAberto] = useState(false);
  const [destino, setDestino] = useState('');
  const [nome, setNome] = useState('');
  const [enviadoPara, setEnviadoPara] = useState<string | null>(null);
  const [codigo, setCodigo] = useState('');
  const [ocupado, setOcupado] = useState(false);
  const [erro, setErro] = useState<string | null>(null);

  const carregar = useCallback(() => clienteApi.cliente(pagina).then(setEstado, () => setEstado(null)), [pagina]);
  useEffect(() => void carregar(), [carregar]);
  useEffect(() => aoMudar?.(estado), [estado, aoMudar]);

  const tentar = async (passo: () => Promise<void>) => {
    setOcupado(true);
    setErro(null);
    try {
      await passo();
    } catch (e) {
      setErro((e as Error).message);
    } finally {
      setOcupado(false);
    }
  };
  const pedirCodigo = () => tentar(async () => setEnviadoPara((await clienteApi.pedirCodigo(pagina, destino)).destino));
  const entrar = () =>
    tentar(async () => {
      const r = await clienteApi.entrar(pagina, enviadoPara ?? destino, codigo, nome);
      setEstado((e) => e && { ...e, cliente: r.cliente });
      setAberto(false);
      setEnviadoPara(null);
      setCodigo('');
    });
  const sair = () => tentar(async () => { await clienteApi.sair(pagina); await carregar(); });

  if (!estado?.canal) return null;
  if (estado.cliente)
    return (
      <Group justify="space-between" mt="sm" wrap="nowrap" data-testid="qr-cliente">
        <Text size="sm">{t('qrMesa.ola', { nome: estado.cliente.nome })}</Text>
        <Anchor component="button" size="sm" onClick={() => void sair()}>{t('qrMesa.sair')}</Anchor>
      </Group>
    );
  const email = estado.canal === 'E-mail';
  return (
    <>
      <Group justify="space-between" mt="sm" wrap="nowrap">
        <Text size="sm" c="dimmed">{convite ?? t('qrMesa.entrarConvite')}</Text>
        <Button size="xs" variant="default" style={{ flexShrink: 0 }} onClick={() => setAberto(true)} data-testid="qr-entrar">{t('qrMesa.entrar')}</Button>
      </Group>
      <Modal opened={aberto} onClose={() => setAberto(false)} title={t('qrMesa.entrarTitulo')} centered>
        <Stack>
          {enviadoPara ? (
            <>
              <Text size="sm" data-testid="qr-codigo-enviado">{t('qrMesa.codigoEnviado', { destino: enviadoPara })}</Text>
              <Stack gap={4}>
                <Text size="sm" fw={500}>{t('qrMesa.codigo')}</Text>
                <PinInput length={6} type="number" oneTimeCode value={codigo} onChange={setCodigo} aria-label={t('qrMesa.codigo')} data-testid="qr-codigo" />
              </Stack>
              <Button loading={ocupado} disabled={codigo.length < 4} onClick={() => void entrar()} data-testid="qr-confirmar-codigo">{t('qrMesa.confirmar')}</Button>
              <Anchor component="button" size="sm" onClick={() => { setEnviadoPara(null); setCodigo(''); setErro(null); }}>{t('qrMesa.outroDestino')}</Anchor>
            </>
          ) : (
            <>
              <TextInput label={email ? t('qrMesa.destinoEmail') : t('qrMesa.destinoTelefone')} type={email ? 'email' : 'tel'} inputMode={email ? 'email' : 'tel'} autoComplete={email ? 'email' : 'tel'} value={destino} onChange={(e) => setDestino(e.currentTarget.value)} maxLength={254} data-testid="qr-destino" />
              <TextInput label={t('qrMesa.seuNome')} autoComplete="name" value={nome} onChange={(e) => setNome(e.currentTarget.value)} maxLength={120} data-testid="qr-nome" />
              <Button loading={ocupado} disabled={!destino.trim()} onClick={() => void pedirCodigo()} data-testid="qr-pedir-codigo">{t('qrMesa.enviarCodigo')}</Button>
            </>
          )}
          {erro && <Alert color="red" data-testid="qr-entrar-erro">{erro}</Alert>}
        </Stack>
      </Modal>
    </>
  );
}
