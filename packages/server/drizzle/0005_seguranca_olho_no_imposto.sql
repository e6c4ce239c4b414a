-- Row-level security on the IBPT tables, as 0001 does for every tenant table.
GRANT SELECT, INSERT, UPDATE, DELETE ON "olho_no_imposto_versao" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "olho_no_imposto_versao" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "olho_no_imposto_versao" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "olho_no_imposto_versao" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "olho_no_imposto_versao" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "olho_no_imposto" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "olho_no_imposto" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "olho_no_imposto" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "olho_no_imposto" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "olho_no_imposto" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
