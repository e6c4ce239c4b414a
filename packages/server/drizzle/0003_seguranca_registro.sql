-- Row-level security on the record table of the resource catalogue, as 0001 does for every tenant table.
-- The grant is repeated explicitly in case another role migrates than the one that ran 0001.
GRANT SELECT, INSERT, UPDATE, DELETE ON "registro" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "registro" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "registro" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "registro" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "registro" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
