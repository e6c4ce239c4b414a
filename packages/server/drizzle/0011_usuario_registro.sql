-- Users go through the resource engine (docs/decisions/0006): the record a user edits lives in
-- registro (recurso 'usuario', same id as the typed row) and the typed usuario table becomes its
-- projection. Existing users get their record here; secrets (senha_hash, pin_hash) stay in usuario.
INSERT INTO "registro" ("grupo_empresarial_id", "id", "recurso", "empresa_id", "dados", "lixo", "version", "created_at", "updated_at")
SELECT u."grupo_empresarial_id", u."id", 'usuario', NULL,
  jsonb_build_object(
    'nome', u."nome",
    'login', u."login",
    'email', coalesce(u."email", ''),
    'pessoa', u."pessoa_id",
    'atribuicaoSistema', u."atribuicao_sistema",
    'acessoSistema', u."acesso_sistema_id",
    'empresas', to_jsonb(u."empresas"),
    'empresaPadrao', u."empresa_padrao",
    'administrador', u."administrador",
    'ativo', u."ativo"
  ),
  u."lixo", u."version", u."created_at", u."updated_at"
FROM "usuario" u
ON CONFLICT ("grupo_empresarial_id", "id") DO NOTHING;
