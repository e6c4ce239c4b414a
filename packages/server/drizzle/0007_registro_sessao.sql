-- Row-level security on the tables of 0006, as 0001 does for every tenant table.
GRANT SELECT, INSERT, UPDATE, DELETE ON "empresa_certificado", "arquivo" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "empresa_certificado" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "empresa_certificado" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "empresa_certificado" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "empresa_certificado" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "arquivo" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "arquivo" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "arquivo" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "arquivo" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
-- docs/decisions/0006: the group's and each company's record live in `registro` (same id as the typed
-- row). Databases created before this migration get those records from their typed rows. Fields the
-- typed tables never had (address, CRT…) stay absent: the form asks for them on the first save.
INSERT INTO "registro" ("grupo_empresarial_id", "id", "recurso", "empresa_id", "dados", "lixo", "created_at", "updated_at")
SELECT g."id", g."id", 'grupoEmpresarial', NULL,
  jsonb_build_object(
    'nome', g."nome", 'cnpj', NULL, 'logo', NULL,
    'configuracoes', jsonb_build_object('fusoHorario', 'America/Sao_Paulo', 'empresaPadrao', NULL, 'emailContato', NULL, 'observacao', NULL)
  ),
  g."lixo", g."created_at", g."updated_at"
FROM "grupo_empresarial" g
WHERE NOT EXISTS (SELECT 1 FROM "registro" r WHERE r."grupo_empresarial_id" = g."id" AND r."id" = g."id");
--> statement-breakpoint
INSERT INTO "registro" ("grupo_empresarial_id", "id", "recurso", "empresa_id", "dados", "lixo", "created_at", "updated_at")
SELECT e."grupo_empresarial_id", e."id", 'empresa', NULL,
  jsonb_build_object(
    'razaoSocial', e."razao_social", 'nomeFantasia', e."nome_fantasia", 'cnpj', e."cnpj",
    'inscricaoEstadual', NULL, 'inscricaoMunicipal', NULL, 'cnae', NULL,
    'contato', jsonb_build_object('telefone', NULL, 'email', NULL, 'site', NULL),
    'logo', NULL, 'certificado', NULL,
    'configuracoes', jsonb_build_object(
      'callCenter', false, 'empresasCallCenter', '[]'::jsonb,
      'expedicao', jsonb_build_object('setorImpressaoExpedicao', NULL),
      'googleKeyApi', NULL, 'googleVersaoApi', 'quarterly',
      'ambienteNfe', 'Homologação', 'ambienteNfce', 'Homologação', 'cscId', NULL, 'cscToken', NULL,
      'delivery', jsonb_build_object('tipoTaxa', 'Por distância', 'pedidoMinimo', 0, 'faixasDistancia', '[]'::jsonb, 'areas', '[]'::jsonb),
      'horarios', '[]'::jsonb
    ) || COALESCE(e."configuracoes", '{}'::jsonb)
  ),
  e."lixo", e."created_at", e."updated_at"
FROM "empresa" e
WHERE NOT EXISTS (SELECT 1 FROM "registro" r WHERE r."grupo_empresarial_id" = e."grupo_empresarial_id" AND r."id" = e."id");
