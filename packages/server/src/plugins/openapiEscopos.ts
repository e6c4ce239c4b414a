import { escoposApi, nomesEscoposApi } from '@retaguarda/domain';

type Json = Record<string, unknown>;

/** /api/produtoGeral/:_id (a route) → /api/produtoGeral/{_id} (an OpenAPI path). */
const caminhoOpenApi = (rota: string) => rota.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * Third parties' API clients in the OpenAPI document: the oauth2 client credentials scheme with its
 * scopes, and on each operation a scope opens (escoposApi) that scope beside the session cookie, so a
 * generated client knows which token to ask for.
 */
export function escoposNoDocumento(doc: Json): Json {
  const components = (doc.components ??= {}) as Json;
  const esquemas = (components.securitySchemes ??= {}) as Json;
  esquemas.oauth2 = {
    type: 'oauth2',
    description: 'Aplicativos de terceiros (appTerceirosCadastro): client_id e client_secret de uma chave trocados por um token Bearer de 1 hora; a empresa vai no cabeçalho X-Empresa.',
    flows: { clientCredentials: { tokenUrl: '/api/oauth/token', scopes: Object.fromEntries(nomesEscoposApi.map((e) => [e, escoposApi[e].descricao])) } },
  };
  const paths = (doc.paths ?? {}) as Record<string, Json>;
  for (const escopo of nomesEscoposApi) {
    for (const [metodo, rota] of escoposApi[escopo].operacoes) {
      const op = paths[caminhoOpenApi(rota)]?.[metodo.toLowerCase()] as Json | undefined;
      if (!op) continue;
      op.security = [...((op.security as Json[] | undefined) ?? []), { oauth2: [escopo] }];
      op.parameters = [
        ...((op.parameters as Json[] | undefined) ?? []),
        { name: 'X-Empresa', in: 'header', required: false, description: 'Para um token de aplicativo de terceiros: a empresa (uma das dele; dispensável se ele tem uma só).', schema: { type: 'string' } },
      ];
    }
  }
  return doc;
}
