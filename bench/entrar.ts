/** Signs the demonstration administrator in on a running server; answers the session cookie. */
export async function entrarComoAdmin(url: string): Promise<string> {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'admin@demo.com.br', senha: 'demo1234' }),
  });
  if (!login.ok) throw new Error(`login falhou: ${login.status}`);
  return (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}
