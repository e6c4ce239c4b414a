-- pessoa becomes a plain catalogue resource (docs/decisions/0006, 0007): its rows move into registro,
-- and every group gets the default customer of SPEC.md §3 under the fixed id of the domain
-- (ID_CLIENTE_PADRAO in packages/domain/src/resources/registration/pessoa.ts). sem_tabela_pessoa drops the table.
-- A user's person keeps its id, so usuario.pessoa_id still points to it.
WITH origem AS (
  SELECT p.*,
         p.cliente_padrao AND row_number() OVER (PARTITION BY p.grupo_empresarial_id, p.cliente_padrao ORDER BY p.lixo, p.created_at, p.id) = 1 AS padrao,
         EXISTS (SELECT 1 FROM usuario u WHERE u.grupo_empresarial_id = p.grupo_empresarial_id AND u.pessoa_id = p.id) AS usuario
  FROM pessoa p
)
INSERT INTO registro (grupo_empresarial_id, id, created_at, updated_at, version, recurso, empresa_id, dados, lixo)
SELECT o.grupo_empresarial_id,
       CASE WHEN o.padrao THEN '00000000-0000-7000-8000-000000000001' ELSE o.id END,
       o.created_at, o.updated_at, o.version, 'pessoa', NULL,
       jsonb_build_object(
         'tipo', o.tipo,
         'nome', o.nome,
         'nomeFantasia', NULL,
         'cpfCnpj', NULLIF(upper(regexp_replace(coalesce(o.cpf_cnpj, ''), '[^0-9A-Za-z]', '', 'g')), ''),
         'rgIe', NULL,
         'dataNascimento', to_char(o.data_nascimento, 'YYYY-MM-DD'),
         'sexo', o.sexo,
         'cliente', NOT o.usuario,
         'fornecedor', false,
         'funcionario', o.usuario,
         'limiteCredito', 0,
         'enderecos', '[]'::jsonb,
         'telefones', '[]'::jsonb,
         'enderecosEletronicos', CASE WHEN o.email IS NULL OR o.email = '' THEN '[]'::jsonb
                                      ELSE jsonb_build_array(jsonb_build_object('tipo', 'E-mail', 'endereco', o.email)) END,
         'observacao', NULL,
         'clientePadrao', o.padrao
       ),
       o.lixo AND NOT o.padrao
FROM origem o;
--> statement-breakpoint
-- The default customer as the pessoa schema stores it; packages/server/test/pessoa.test.ts checks that
-- it equals the domain's dadosClientePadrao parsed by the schema. Runs as the owner (RLS: its own
-- policy), whoever inserts the group; nobody else may call it.
CREATE FUNCTION criar_cliente_padrao(grupo text) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
  INSERT INTO registro (grupo_empresarial_id, id, recurso, empresa_id, dados)
  VALUES (grupo, '00000000-0000-7000-8000-000000000001', 'pessoa', NULL, '{"tipo": "Física", "nome": "Consumidor", "nomeFantasia": null, "cpfCnpj": null, "rgIe": null, "dataNascimento": "1900-01-01", "sexo": "Masculino", "cliente": true, "fornecedor": false, "funcionario": false, "limiteCredito": 0, "enderecos": [], "telefones": [], "enderecosEletronicos": [], "observacao": null, "clientePadrao": true}'::jsonb)
  ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION criar_cliente_padrao(text) FROM PUBLIC;
--> statement-breakpoint
CREATE FUNCTION registro_cliente_padrao() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM criar_cliente_padrao(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Whatever creates a group (seed, a screen, a wizard), it gets its default customer in the same transaction.
CREATE TRIGGER grupo_empresarial_cliente_padrao AFTER INSERT ON grupo_empresarial
  FOR EACH ROW EXECUTE FUNCTION registro_cliente_padrao();
--> statement-breakpoint
-- Groups that had none.
SELECT criar_cliente_padrao(id) FROM grupo_empresarial;
